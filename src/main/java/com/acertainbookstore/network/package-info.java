/**
 * The network a partition fault needs: replicas in Linux network namespaces of their own, joined
 * by a bridge, cut off from each other by blackhole routes ({@link
 * com.acertainbookstore.network.ReplicaNetwork}); and the relay by which clients on the host's
 * loopback reach them through a Unix-domain socket ({@link
 * com.acertainbookstore.network.SocketRelay}). Depends only on {@code process} (the commands it runs).
 */
package com.acertainbookstore.network;
