/**
 * TLS material from PEM files: making a certificate authority, node and client certificates
 * ({@code CertsMain}, with BouncyCastle), reading certificates and private keys that this or
 * {@code openssl}/{@code cfssl} wrote, the one list of protocols and cipher suites both ends
 * allow, and the client's {@code SSLContext} and sockets. It knows nothing of HTTP, Jetty or the store, so the
 * server and the client both build on it.
 *
 * <p>Uses: nothing else in the project.
 */
package com.acertainbookstore.tls;
