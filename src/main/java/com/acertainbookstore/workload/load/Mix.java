package com.acertainbookstore.workload.load;

import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.settings.WorkloadConfig;

/**
 * Draws the next interaction from the configured shares. Immutable and safe to share; the caller
 * supplies the random number, so each worker uses its own generator.
 */
public final class Mix {

    private final double customerBelow;
    private final double replenishmentBelow;

    public Mix(double customerShare, double replenishmentShare) {
        if (customerShare < 0 || replenishmentShare < 0 || customerShare + replenishmentShare > 1 + 1e-9) {
            throw new IllegalArgumentException("shares customer " + customerShare + " and replenishment "
                    + replenishmentShare + " must be >= 0 and sum to <= 1");
        }
        this.customerBelow = customerShare;
        this.replenishmentBelow = customerShare + replenishmentShare;
    }

    /**
     * The mix of the configured profile: the configured shares, or the register profile's fixed
     * shares of buy (customer), add (replenishment) and read (acquisition).
     */
    public static Mix of(WorkloadConfig config) {
        return switch (config.profile) {
            case MIX -> new Mix(config.customerShare, config.replenishmentShare);
            case REGISTER -> new Mix(WorkloadConfig.REGISTER_BUY_SHARE, WorkloadConfig.REGISTER_ADD_SHARE);
        };
    }

    /** The interaction for a uniform draw {@code u} in [0, 1). */
    public InteractionType draw(double u) {
        if (u < customerBelow) {
            return InteractionType.CUSTOMER;
        }
        return u < replenishmentBelow ? InteractionType.REPLENISHMENT : InteractionType.ACQUISITION;
    }
}
