package com.acertainbookstore.cluster;

import com.acertainbookstore.protocol.ReplicaHealth;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One health survey of a fleet: an answer per running, unpaused replica, in replica order
 * ({@link HealthSurvey#survey}). Immutable.
 */
record Survey(List<SurveyAnswer> answers) {

    Survey {
        answers = List.copyOf(answers);
    }

    /** The replicas that answered their {@code /health}, in replica order. */
    List<SurveyAnswer.Health> healthy() {
        return answers.stream().filter(SurveyAnswer.Health.class::isInstance).map(SurveyAnswer.Health.class::cast)
                .toList();
    }

    /** Replica i's health, if it was surveyed and answered. */
    Optional<ReplicaHealth> health(int replica) {
        return healthy().stream().filter(h -> h.replica() == replica).map(SurveyAnswer.Health::health).findFirst();
    }

    /** The first replica that answered and says it leads. */
    Optional<SurveyAnswer.Health> leader() {
        return healthy().stream().filter(SurveyAnswer.Health::leads).findFirst();
    }

    /** What each replica said, for a failure's message. */
    String describe() {
        if (answers.isEmpty()) {
            return "no replica is running";
        }
        return answers.stream().map(SurveyAnswer::describe).collect(Collectors.joining("; "));
    }
}
