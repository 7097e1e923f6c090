print("cairo-export: not built yet")
