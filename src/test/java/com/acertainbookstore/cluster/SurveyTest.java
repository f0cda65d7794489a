package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.protocol.ReplicaHealth;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A health survey's typed answers, read without replicas: who answered, who leads, what a failure says. */
class SurveyTest {

    private static ReplicaHealth health(int replica, String role, String leader, long commit, long applied) {
        return new ReplicaHealth("r" + replica, role, leader, "", 2, commit, applied, true, 60000);
    }

    @Test
    void survey_oneUnreachableReplica_keepsItApartFromTheAnswers() {
        Survey survey = new Survey(List.of(
                new SurveyAnswer.Health(0, health(0, "FOLLOWER", "r2", 7, 7)),
                new SurveyAnswer.Unreachable(1, "replica r1 /health answered 503: starting"),
                new SurveyAnswer.Health(2, health(2, "LEADER", "r2", 7, 6))));

        assertEquals(List.of(0, 2), survey.healthy().stream().map(SurveyAnswer::replica).toList());
        assertEquals(2, survey.leader().orElseThrow().replica());
        assertEquals(Optional.empty(), survey.health(1), "an unreachable replica has no health");
        assertEquals(6, survey.health(2).orElseThrow().applied());
        assertEquals("r0 FOLLOWER leader=r2 term=2 commit=7 applied=7; r1: replica r1 /health answered 503: starting;"
                + " r2 LEADER leader=r2 term=2 commit=7 applied=6", survey.describe());
    }

    @Test
    void survey_noReplicaRunningOrNoneLeading_saysSo() {
        assertEquals("no replica is running", new Survey(List.of()).describe());
        Survey leaderless = new Survey(List.of(new SurveyAnswer.Health(0, health(0, "CANDIDATE", "", 3, 3))));
        assertTrue(leaderless.leader().isEmpty());
    }

    @Test
    void index_peerIds_areReadBackAndOthersRefused() {
        assertEquals(7, HealthSurvey.index("r7"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HealthSurvey.index("x1"));
        assertEquals("replica id 'x1' is not r<index>", e.getMessage());
    }
}
