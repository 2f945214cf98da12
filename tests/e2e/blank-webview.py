#!/usr/bin/python3
"""A bare WebKitGTK window showing an empty page, nothing of Castellan's in it.

The performance run measures its memory beside the app's: what any app built on this
WebKitGTK holds before drawing anything. Prints "ready" once the page has loaded.
"""
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402


def loaded(_view, event):
    if event == WebKit2.LoadEvent.FINISHED:
        print("ready", flush=True)


window = Gtk.Window(title="blank")
window.set_default_size(1280, 800)
view = WebKit2.WebView()
view.connect("load-changed", loaded)
window.add(view)
window.connect("destroy", Gtk.main_quit)
view.load_html("<!doctype html><title>blank</title><p>blank</p>", "about:blank")
window.show_all()
sys.exit(Gtk.main())
