/**
 * The network a partition fault needs: replicas in Linux network namespaces of their own, joined
 * by a bridge, cut off from each other by blackhole routes ({@link
 * com.acertainbookstore.network.ReplicaNetwork}, which also says whether this machine can make
 * them); and the relay by which clients on the host's loopback reach them through a Unix-domain
 * socket ({@link com.acertainbookstore.network.SocketRelay}). Runs its commands through
 * {@code process}.
 *
 * <p>Uses: {@code process}.
 */
package com.acertainbookstore.network;
