package com.acertainbookstore.cluster;

import com.acertainbookstore.protocol.ReplicaHealth;
import com.acertainbookstore.replication.ReplicaGroup;

/**
 * What one replica gave a health survey ({@link HealthSurvey#survey}): its {@code /health}, or
 * why it could not be had. Immutable.
 */
sealed interface SurveyAnswer {

    /** The replica's index. */
    int replica();

    /** One line for a failure's message. */
    String describe();

    /** Replica {@code replica} answered its {@code /health}. */
    record Health(int replica, ReplicaHealth health) implements SurveyAnswer {

        /** Whether it says it leads its group. */
        boolean leads() {
            return ReplicaFleet.leads(health);
        }

        @Override
        public String describe() {
            return health.replica() + " " + health.role() + " leader=" + health.leader() + " term=" + health.term()
                    + " commit=" + health.commit() + " applied=" + health.applied();
        }
    }

    /** Replica {@code replica} runs but its {@code /health} could not be had: {@code error} says why. */
    record Unreachable(int replica, String error) implements SurveyAnswer {

        @Override
        public String describe() {
            return ReplicaGroup.peerName(replica) + ": " + error;
        }
    }
}
