import Glibc

/// Which GSK renderer suits the host where OpenGL is rasterised in software.
///
/// GTK 4 renders with OpenGL by default. Where no GPU is reachable (no DRM render node, as
/// under Xvfb in CI, in containers and remote sessions) Mesa runs that OpenGL on the CPU
/// (llvmpipe), and every frame of a drag re-renders the whole window through it: measured
/// with `scripts/gtk-perf.sh`, GTK's GL renderer on llvmpipe costs about three times the
/// CPU of its cairo renderer for the same drag, a scroll indicator's fade about ten times,
/// and 70 MB more memory. The choice is process-wide (`GSK_RENDERER` is read when a window
/// is realized), so the host never makes it by itself: an app that wants it calls
/// `preferCairoOnSoftwareGL()` before it creates its first window, as `gtk-demo` does.
public enum GtkRendererChoice {
    /// Whether OpenGL here would be rasterised in software: `LIBGL_ALWAYS_SOFTWARE` is set,
    /// `GALLIUM_DRIVER` names a software driver, or no DRM render node
    /// (`/dev/dri/renderD*`) can be opened. A machine with a GPU reached only through
    /// another path (a proprietary driver without render nodes) reads as software.
    public static func openGLIsSoftware(
        environment: (String) -> String? = { getenv($0).map { String(cString: $0) } },
        renderNodes: [String] = (128..<136).map { "/dev/dri/renderD\($0)" }
    ) -> Bool {
        if let value = environment("LIBGL_ALWAYS_SOFTWARE"), !value.isEmpty, value != "0" {
            return true
        }
        if let driver = environment("GALLIUM_DRIVER"),
            ["llvmpipe", "softpipe", "swr"].contains(driver)
        {
            return true
        }
        return !renderNodes.contains { access($0, R_OK | W_OK) == 0 }
    }

    /// Sets `GSK_RENDERER=cairo` for this process when the app (or the person running it)
    /// has not set `GSK_RENDERER` and OpenGL would be rasterised in software; returns
    /// whether it did. Call it before the first window is realized (before `gtk_init` is
    /// simplest).
    @discardableResult
    public static func preferCairoOnSoftwareGL() -> Bool {
        guard getenv("GSK_RENDERER") == nil, openGLIsSoftware() else { return false }
        return setenv("GSK_RENDERER", "cairo", 0) == 0
    }
}
