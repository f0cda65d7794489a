package com.acertainbookstore.server;

import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.protocol.Texts;
import com.acertainbookstore.wire.WireCodec;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.MimeTypes;
import org.eclipse.jetty.server.Request;

/**
 * The checks of who is calling, made before a body is read; each answers the refusal to send, or
 * {@code null} to go on. Immutable; safe to share.
 *
 * <ul>
 *   <li><b>DNS rebinding.</b> When the server is bound to a loopback address, the request must
 *       name the server as {@code 127.0.0.1}, {@code localhost}, {@code [::1]} or the bound name:
 *       a web page on a name that merely resolves to 127.0.0.1 is refused (403).</li>
 *   <li><b>Cross-site requests.</b> A present {@code Origin} must be the server's own: scheme
 *       http, a host allowed as above (or, beyond loopback, the host the request names), and the
 *       server's port (403). A POST must carry {@code Content-Type: application/xml} (415), so a
 *       page cannot send one of the "simple" requests browsers allow across sites.</li>
 *   <li><b>The token</b>, when one is set, on {@code /stock/...} and {@code /metrics} (401).</li>
 * </ul>
 */
final class CallerChecks {

    private static final String XML = "application/xml";

    /** Host names the server answers to when bound to loopback; {@code null} when it is not. */
    private final Set<String> loopbackNames;
    private final BearerToken token;

    /** @param loopback whether the server is bound to a loopback address (resolved once, at start) */
    CallerChecks(ServerSettings settings, boolean loopback) {
        Set<String> names = null;
        if (loopback) {
            names = new HashSet<>(List.of("127.0.0.1", "localhost", "[::1]", "::1"));
            names.add(settings.host().toLowerCase(Locale.ROOT));
        }
        this.loopbackNames = names == null ? null : Set.copyOf(names);
        this.token = settings.bearerToken();
    }

    /** Host and Origin: the request is meant for this server and not made by a foreign page. */
    Reply origin(Request request) {
        String host = request.getHttpURI().getHost();
        if (loopbackNames != null && (host == null || !loopbackNames.contains(host.toLowerCase(Locale.ROOT)))) {
            return Reply.error(403, "Host '" + Texts.printable(String.valueOf(host), 60) + "' is not this server"
                    + " (it listens on loopback: call it as 127.0.0.1, localhost or [::1])");
        }
        String origin = request.getHeaders().get(HttpHeader.ORIGIN);
        if (origin != null && !isOwnOrigin(origin, host, Request.getLocalPort(request))) {
            return Reply.error(403, "Origin '" + Texts.printable(origin, 60) + "' is not this server's own:"
                    + " calls from web pages of other sites are refused");
        }
        return null;
    }

    private boolean isOwnOrigin(String origin, String requestHost, int port) {
        URI uri;
        try {
            uri = URI.create(origin);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null || uri.getRawPath() != null
                && !uri.getRawPath().isEmpty()) {
            return false;
        }
        int originPort = uri.getPort() < 0 ? 80 : uri.getPort();
        String originHost = uri.getHost().toLowerCase(Locale.ROOT);
        boolean hostAllowed = loopbackNames != null ? loopbackNames.contains(originHost)
                : requestHost != null && originHost.equalsIgnoreCase(requestHost);
        return hostAllowed && originPort == port;
    }

    /** A POST's body must be declared as XML (in UTF-8, if a charset is named). */
    static Reply xmlBody(Request request) {
        String contentType = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        if (WireCodec.CONTENT_TYPE.equalsIgnoreCase(contentType)) {
            return null; // What the proxies send, exactly: no need to take it apart.
        }
        String mediaType = contentType == null ? null : MimeTypes.getContentTypeWithoutCharset(contentType).trim();
        String charset = contentType == null ? null : MimeTypes.getCharsetFromContentType(contentType);
        if (mediaType == null || !mediaType.equalsIgnoreCase(XML)
                || (charset != null && !charset.equalsIgnoreCase("utf-8"))) {
            return Reply.error(415, "Content-Type '" + Texts.printable(String.valueOf(contentType), 60)
                    + "' is not accepted: a call's body must be " + XML + " (charset UTF-8)");
        }
        return null;
    }

    /** The token, when one is set. */
    Reply authorized(Request request, String path) {
        if (token == null || token.matches(request.getHeaders().get(HttpHeader.AUTHORIZATION))) {
            return null;
        }
        return Reply.error(401, path + " needs the header 'Authorization: Bearer <token>' with the server's token");
    }
}
