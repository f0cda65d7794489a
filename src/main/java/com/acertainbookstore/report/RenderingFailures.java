package com.acertainbookstore.report;

import java.awt.AWTError;
import java.awt.HeadlessException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Recognises the ways Java's AWT fails on a machine without fonts or display and says how to fix
 * it. Stateless, safe to share.
 *
 * <p>Without fontconfig or any font, the JDK fails in its font code with errors that do not name
 * the cause: a {@code NullPointerException} in {@code sun.awt.FontConfiguration}, an
 * {@code UnsatisfiedLinkError} for {@code libfontmanager.so} or {@code libfreetype.so.6},
 * {@code Error: Probable fatal error: No fonts found}, or later a {@code NoClassDefFoundError}
 * for a {@code sun.font} or {@code sun.awt.*FontManager} class.
 */
final class RenderingFailures {

    /** The install step named in the message for a missing font. */
    static final String FONT_INSTALL = "apt-get install fontconfig fonts-dejavu-core";

    private static final List<String> FONT_WORDS = List.of("fontconfig", "libfontmanager",
            "libfreetype", "no fonts found", "sun.font.", "fontmanager", "fontconfiguration");

    /** How deep the cause chain is followed (a chain may loop). */
    private static final int MAX_CAUSES = 16;

    private RenderingFailures() {
    }

    /** The user-facing explanation when {@code failure} (or one of its causes) is an AWT font or display failure. */
    static Optional<String> explain(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_CAUSES; depth++, t = t.getCause()) {
            if (isFontFailure(t)) {
                return Optional.of("cannot draw charts: Java found no usable font (" + summary(t)
                        + "). Install fontconfig and a font, e.g. `sudo " + FONT_INSTALL
                        + "` on Debian or Ubuntu, then run again.");
            }
            if (t instanceof HeadlessException || t instanceof AWTError) {
                return Optional.of("cannot draw charts: Java tried to open a display (" + summary(t)
                        + "). Run with -Djava.awt.headless=true.");
            }
        }
        return Optional.empty();
    }

    private static boolean isFontFailure(Throwable t) {
        String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
        if (FONT_WORDS.stream().anyMatch(message::contains)) {
            return true;
        }
        for (StackTraceElement frame : t.getStackTrace()) {
            String type = frame.getClassName();
            if (type.startsWith("sun.font.")
                    || (type.startsWith("sun.awt.") && type.contains("Font"))) {
                return true;
            }
        }
        return false;
    }

    private static String summary(Throwable t) {
        return t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }
}
