package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.HeadlessException;
import java.lang.reflect.InvocationTargetException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The failures are simulated with the types, messages and frames the JDK produces on a machine without fonts. */
class RenderingFailuresTest {

    private static void assertNamesInstallStep(Optional<String> explanation) {
        assertTrue(explanation.isPresent(), "not recognised as a font failure");
        assertTrue(explanation.get().contains("apt-get install fontconfig fonts-dejavu-core"), explanation.get());
    }

    @Test
    void explain_nullPointerInFontConfiguration_namesInstallStep() {
        NullPointerException npe = new NullPointerException(
                "Cannot load from short array because \"sun.awt.FontConfiguration.head\" is null");
        npe.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("sun.awt.FontConfiguration", "getVersion", "FontConfiguration.java", 1264),
            new StackTraceElement("sun.font.SunFontManager", "<init>", "SunFontManager.java", 356)});

        assertNamesInstallStep(RenderingFailures.explain(npe));
    }

    @Test
    void explain_frameInSunFontWithPlainMessage_namesInstallStep() {
        IllegalStateException failure = new IllegalStateException("boom");
        failure.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("sun.font.FontManagerFactory", "getInstance", "FontManagerFactory.java", 80)});

        assertNamesInstallStep(RenderingFailures.explain(failure));
    }

    @Test
    void explain_missingFreetypeLibrary_namesInstallStep() {
        assertNamesInstallStep(RenderingFailures.explain(new UnsatisfiedLinkError(
                "/usr/lib/jvm/java-17/lib/libfontmanager.so: libfreetype.so.6: cannot open shared object file")));
    }

    @Test
    void explain_noFontsFound_namesInstallStep() {
        assertNamesInstallStep(RenderingFailures.explain(new Error("Probable fatal error:No fonts found.")));
    }

    @Test
    void explain_fontManagerClassFailedEarlier_asCause_namesInstallStep() {
        RuntimeException wrapper = new RuntimeException("drawing the legend failed",
                new NoClassDefFoundError("Could not initialize class sun.awt.X11FontManager"));

        assertNamesInstallStep(RenderingFailures.explain(wrapper));
    }

    @Test
    void explain_internalErrorWrappingReflection_namesInstallStep() {
        Throwable cause = new InvocationTargetException(new Error("Fontconfig head is null, check your fonts or fonts configuration"));
        assertNamesInstallStep(RenderingFailures.explain(new InternalError(cause)));
    }

    @Test
    void explain_headless_saysSetHeadless() {
        Optional<String> explanation = RenderingFailures.explain(new HeadlessException());

        assertTrue(explanation.orElseThrow().contains("-Djava.awt.headless=true"), explanation.get());
    }

    @Test
    void explain_unrelatedFailure_isNotExplained() {
        assertEquals(Optional.empty(), RenderingFailures.explain(new IllegalArgumentException("threads (0) must be >= 1")));
    }
}
