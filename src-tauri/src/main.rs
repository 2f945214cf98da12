// No console window behind the app on Windows release builds.
#![cfg_attr(all(not(debug_assertions), target_os = "windows"), windows_subsystem = "windows")]

fn main() {
    // WebKitGTK's accelerated compositing buys a board of flat tiles nothing and costs it: with
    // it off the window takes about a fifth less memory and repaints a turn in half the time
    // (measured by the e2e run's metrics), and drivers that leave composited windows blank are
    // out of the picture. Set before any thread starts; a user's own setting wins.
    #[cfg(target_os = "linux")]
    if std::env::var_os("WEBKIT_DISABLE_COMPOSITING_MODE").is_none() {
        std::env::set_var("WEBKIT_DISABLE_COMPOSITING_MODE", "1");
    }
    castellan_app::run();
}
