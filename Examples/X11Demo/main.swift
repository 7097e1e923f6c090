print("x11-demo: not built yet")
