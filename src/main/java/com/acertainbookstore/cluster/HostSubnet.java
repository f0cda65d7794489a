package com.acertainbookstore.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * An IPv4 /24 that replicas running as hosts get their addresses from ({@code <net>.1} for replica
 * 0, ...), this machine holding {@code <net>.254} ({@link #HOST}). {@link #firstFree} picks the
 * first of the candidates ({@code 10.78.0.0/24} to {@code 10.78.255.0/24}, then
 * {@code 172.30.*.0/24}, then {@code 192.168.200-255.0/24}) that no route of this machine
 * overlaps, in any table: not the default route, which overlaps everything, but every prefix
 * (a local address included, as its {@code local} route). Immutable.
 *
 * @param network the network address as an unsigned 32-bit value (its last byte 0)
 */
record HostSubnet(long network) {

    /** The last byte of this machine's address on the subnet. */
    static final int HOST = 254;
    /** How many replica addresses a subnet holds (1..253: below {@link #HOST}). */
    static final int MAX_HOSTS = HOST - 1;
    /** The route types {@code ip route show table all} may print before the prefix. */
    private static final List<String> ROUTE_TYPES = List.of("unicast", "local", "broadcast", "multicast",
            "anycast", "blackhole", "unreachable", "prohibit", "throw", "nat");

    HostSubnet {
        if (network < 0 || network > 0xFFFF_FF00L || (network & 0xFF) != 0) {
            throw new IllegalArgumentException("network " + network + " is not the address of an IPv4 /24");
        }
    }

    /** The subnet {@code a.b.c.0/24}. */
    static HostSubnet of(int a, int b, int c) {
        return new HostSubnet(((long) a << 24) | ((long) b << 16) | ((long) c << 8));
    }

    /** Replica i's address: {@code <net>.(i+1)}. */
    String replica(int i) {
        if (i < 0 || i >= MAX_HOSTS) {
            throw new IllegalArgumentException("replica " + i + " has no address in a /24 (0.." + (MAX_HOSTS - 1)
                    + ")");
        }
        return dotted(network + i + 1);
    }

    /** This machine's address on the subnet: {@code <net>.254}. */
    String host() {
        return dotted(network + HOST);
    }

    @Override
    public String toString() {
        return dotted(network) + "/24";
    }

    /** Every candidate, in the order they are tried. */
    static List<HostSubnet> candidates() {
        List<HostSubnet> all = new ArrayList<>();
        for (int c = 0; c < 256; c++) {
            all.add(of(10, 78, c));
        }
        for (int c = 0; c < 256; c++) {
            all.add(of(172, 30, c));
        }
        for (int c = 200; c < 256; c++) {
            all.add(of(192, 168, c));
        }
        return all;
    }

    /**
     * The first candidate that none of these routes overlaps.
     *
     * @param routes what {@code ip -4 route show table all} printed, one route a line
     * @throws IllegalArgumentException a line's prefix is not an IPv4 prefix (naming the line)
     */
    static Optional<HostSubnet> firstFree(String routes) {
        List<Prefix> taken = new ArrayList<>();
        for (String line : routes.lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            Prefix prefix = prefix(line);
            if (prefix != null) {
                taken.add(prefix);
            }
        }
        return candidates().stream().filter(subnet -> taken.stream().noneMatch(subnet::overlaps)).findFirst();
    }

    /** An IPv4 prefix: an address and how many of its leading bits count. */
    record Prefix(long address, int bits) {
    }

    /** Whether the prefix shares an address with this /24. */
    boolean overlaps(Prefix prefix) {
        int bits = Math.min(prefix.bits(), 24);
        long mask = bits == 0 ? 0 : (0xFFFF_FFFFL << (32 - bits)) & 0xFFFF_FFFFL;
        return (prefix.address() & mask) == (network & mask);
    }

    /** The prefix a route line is for; null for the default route. */
    private static Prefix prefix(String line) {
        String[] words = line.split("\\s+");
        boolean typed = ROUTE_TYPES.contains(words[0].toLowerCase(Locale.ROOT)) && words.length > 1;
        String target = typed ? words[1] : words[0];
        if (target.equals("default")) {
            return null;
        }
        String[] parts = target.split("/", 2);
        String[] bytes = parts[0].split("\\.", -1);
        try {
            int bits = parts.length == 2 ? Integer.parseInt(parts[1]) : 32;
            if (bytes.length != 4 || bits < 0 || bits > 32) {
                throw new NumberFormatException();
            }
            long address = 0;
            for (String part : bytes) {
                int value = Integer.parseInt(part);
                if (value < 0 || value > 255) {
                    throw new NumberFormatException();
                }
                address = (address << 8) | value;
            }
            return new Prefix(address, bits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("route '" + line + "' does not start with an IPv4 prefix");
        }
    }

    private static String dotted(long address) {
        return ((address >> 24) & 0xFF) + "." + ((address >> 16) & 0xFF) + "." + ((address >> 8) & 0xFF) + "."
                + (address & 0xFF);
    }
}
