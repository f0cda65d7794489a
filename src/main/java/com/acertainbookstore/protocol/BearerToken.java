package com.acertainbookstore.protocol;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Map;

/**
 * The stock manager's bearer token, as both ends of the protocol handle it: where it comes from
 * (a file, or the environment variable {@value #ENVIRONMENT_VARIABLE}, so that it need not sit on
 * a command line that every {@code ps} shows), the header that carries it, and the check of that
 * header (the scheme name case-insensitive, as HTTP defines it; the token compared in constant
 * time). Immutable; safe to share.
 */
public final class BearerToken {

    /** The environment variable both the server and the harness read a token from. */
    public static final String ENVIRONMENT_VARIABLE = "BOOKSTORE_TOKEN";
    /** A token file holds one line; anything longer than this is not a token file. */
    private static final long MAX_FILE_BYTES = 4096;
    private static final String SCHEME = "Bearer";

    private final String token;
    private final byte[] tokenBytes;

    private BearerToken(String token) {
        this.token = token;
        this.tokenBytes = token.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * @throws IllegalArgumentException the token is blank, holds white space or a control
     *     character (it must fit in one header)
     */
    public static BearerToken of(String token) {
        if (token == null || token.isBlank()
                || token.chars().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
            throw new IllegalArgumentException("token is invalid (must be non-blank, without white space"
                    + " or control characters)");
        }
        return new BearerToken(token);
    }

    /**
     * The token in the first line of a file (surrounding white space dropped).
     *
     * @throws IllegalArgumentException the file cannot be read, is larger than a token file, or
     *     holds no valid token; the message names the file, never the token
     */
    public static BearerToken fromFile(Path file) {
        try {
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new IllegalArgumentException("token file " + file + " is larger than " + MAX_FILE_BYTES + " bytes");
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int newline = text.indexOf('\n');
            return of((newline < 0 ? text : text.substring(0, newline)).trim());
        } catch (IOException e) {
            throw new IllegalArgumentException("token file " + file + " cannot be read (" + e.getMessage() + ")", e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("token file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The token of {@value #ENVIRONMENT_VARIABLE} in {@code environment}, or {@code null} when it
     * is unset or empty.
     *
     * @throws IllegalArgumentException it is set to an invalid token
     */
    public static BearerToken fromEnvironment(Map<String, String> environment) {
        String value = environment.get(ENVIRONMENT_VARIABLE);
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            return of(value.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(ENVIRONMENT_VARIABLE + ": " + e.getMessage(), e);
        }
    }

    /** The token itself (to hand to a proxy or a child process; never print it). */
    public String value() {
        return token;
    }

    /** The value of the {@code Authorization} header that carries this token. */
    public String headerValue() {
        return SCHEME + " " + token;
    }

    /**
     * Whether an {@code Authorization} header value carries this token: the scheme {@code Bearer}
     * in any case, white space, then exactly the token.
     */
    public boolean matches(String authorization) {
        if (authorization == null || authorization.length() <= SCHEME.length()
                || !authorization.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                || authorization.charAt(SCHEME.length()) != ' ') {
            return false;
        }
        String given = authorization.substring(SCHEME.length()).trim();
        return MessageDigest.isEqual(tokenBytes, given.getBytes(StandardCharsets.UTF_8));
    }

    /** Never the token: a token must not reach a log by way of a settings dump. */
    @Override
    public String toString() {
        return "BearerToken[set]";
    }
}
