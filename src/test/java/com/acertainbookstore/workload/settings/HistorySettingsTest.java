package com.acertainbookstore.workload.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.CheckMode;
import com.acertainbookstore.workload.results.Profile;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class HistorySettingsTest {

    @Test
    void defaults_noHistoryNoCheckTheMix() {
        WorkloadConfig config = WorkloadConfig.defaults();
        assertEquals(Profile.MIX, config.profile);
        assertEquals(CheckMode.NONE, config.check);
        assertFalse(config.history);
        assertEquals(3, config.registerBooks);
        assertEquals(10, config.checkSeconds);
        assertEquals(512, config.checkMemoryMb);
    }

    @Test
    void of_checkLinearizable_impliesTheHistory() {
        WorkloadConfig config = WorkloadConfig.of(Map.of("workload.check", "linearizable", "workload.profile",
                "REGISTER"));
        assertTrue(config.history);
        assertEquals(CheckMode.LINEARIZABLE, config.check);
        assertEquals(Profile.REGISTER, config.profile);
    }

    @Test
    void of_registerBooksPastInitialBooks_isRefusedOnlyForTheRegisterProfile() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WorkloadConfig.of(
                Map.of("workload.profile", "register", "workload.registerBooks", "11")));
        assertTrue(e.getMessage().contains("workload.registerBooks") && e.getMessage().contains("must be in 1..10"),
                e.getMessage());

        WorkloadConfig mix = WorkloadConfig.of(Map.of("workload.initialBooks", "2", "workload.catalogueSize", "2",
                "workload.editorPicks", "1", "workload.booksToBuy", "1", "workload.booksToReplenish", "2",
                "workload.booksToAcquire", "2"));
        assertEquals(Profile.MIX, mix.profile);
        assertEquals(2, mix.initialBooks);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "workload.profile | queue | 'queue' must be one of mix, register",
        "workload.check | strict | 'strict' must be one of none, linearizable",
        "workload.history | sometimes | must be true or false",
        "workload.registerBooks | 0 | must be in 1..",
        "workload.checkSeconds | 0 | must be in 0.01..3600",
        "workload.checkMemoryMb | lots | not a whole number",
    })
    void of_badValue_isRefusedNamingTheSettingAndRule(String key, String value, String rule) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WorkloadConfig.of(Map.of(key, value)));
        assertTrue(e.getMessage().contains(key) && e.getMessage().contains(rule), e.getMessage());
    }
}
