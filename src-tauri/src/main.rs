//! The `castellan-app` binary: starts the desktop app.

#![deny(missing_docs)]
// No console window behind the app on Windows release builds.
#![cfg_attr(all(not(debug_assertions), target_os = "windows"), windows_subsystem = "windows")]

fn main() {
    // WebKitGTK's DMA-BUF renderer hands every frame to the GPU; without a usable one (a
    // virtual machine, some drivers) it composites in software and a turn takes ≈ 200 ms to
    // show. The board is flat shapes that WebKit paints faster itself: ≈ 20 ms a turn and a
    // third less memory, measured by the end-to-end run's metrics. Set before any thread
    // starts; a user's own setting wins.
    #[cfg(target_os = "linux")]
    if std::env::var_os("WEBKIT_DISABLE_DMABUF_RENDERER").is_none() {
        std::env::set_var("WEBKIT_DISABLE_DMABUF_RENDERER", "1");
    }
    castellan_app::run();
}
