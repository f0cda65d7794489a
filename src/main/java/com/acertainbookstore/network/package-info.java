/**
 * The network a partition fault needs: replicas in Linux network namespaces of their own, joined
 * by a bridge, cut off from each other by blackhole routes ({@link
 * com.acertainbookstore.network.ReplicaNetwork}); and the relay by which clients on the host's
 * loopback reach them through a Unix-domain socket ({@link
 * com.acertainbookstore.network.SocketRelay}). Depends on nothing else in the project.
 */
package com.acertainbookstore.network;
