package com.acertainbookstore.workload.running;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenPlanTest {

    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();

    private static OpenPlan.Probe probe(double... throughputs) {
        int[] threads = {1, 2, 5, 10, 20, 50};
        List<OpenPlan.Probed> points = new ArrayList<>();
        for (int i = 0; i < throughputs.length; i++) {
            points.add(new OpenPlan.Probed(threads[i], throughputs[i]));
        }
        return new OpenPlan.Probe(points);
    }

    @Test
    void of_ratesAndPoolGiven_needsNoProbeAndKeepsThem() {
        WorkloadConfig config = WorkloadConfig.defaults().withRates(100, 250.5).withWorkers(16);

        OpenPlan plan = OpenPlan.of(config, null);

        assertFalse(OpenPlan.needsProbe(config));
        assertEquals(List.of(100.0, 250.5), plan.rates());
        assertEquals(16, plan.workers());
        assertTrue(Double.isNaN(plan.peakPerSecond()));
    }

    @Test
    void of_defaults_ratesAreFractionsOfThePeakToThreeDigitsAndPoolTwiceTheKneeThreads() {
        WorkloadConfig config = WorkloadConfig.defaults().with(Setting.LOAD, "open");

        OpenPlan plan = OpenPlan.of(config, probe(700_000, 1_400_000, 1_483_211, 1_450_000));

        assertTrue(OpenPlan.needsProbe(config));
        assertEquals(1_483_211, plan.peakPerSecond());
        assertEquals(List.of(148_000.0, 371_000.0, 742_000.0, 964_000.0, 1_190_000.0, 1_330_000.0, 1_410_000.0,
                1_480_000.0, 1_630_000.0, 1_850_000.0), plan.rates());
        assertEquals(Math.max(2 * 5, 2 * PROCESSORS), plan.workers(), "5 threads were the first to reach 95 %");
        assertTrue(plan.describe(Series.parse("local open SINGLE")).startsWith("open loop local open SINGLE: offered"
                + " rates at 10 %, 25 %, 50 %, 65 %, 80 %, 90 %, 95 %, 100 %, 110 %, 125 % of the probed peak"
                + " 1,483,211/s; pool of "), plan.describe(Series.parse("local open SINGLE")));
    }

    @Test
    void of_ratesGivenPoolAuto_stillProbesForThePool() {
        WorkloadConfig config = WorkloadConfig.defaults().withRates(3000);

        OpenPlan plan = OpenPlan.of(config, probe(2000, 3800, 6000, 6500, 6900, 6800));

        assertTrue(OpenPlan.needsProbe(config));
        assertEquals(List.of(3000.0), plan.rates());
        assertEquals(Math.max(2 * 20, 2 * PROCESSORS), plan.workers());
        assertEquals(6900, plan.peakPerSecond());
    }

    @Test
    void of_probeFoundNothing_isRefusedSayingWhy() {
        WorkloadConfig config = WorkloadConfig.defaults().with(Setting.LOAD, "open");

        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> OpenPlan.of(config, probe(0, 0)));

        assertEquals("the probe found no throughput (peak 0.0/s): no rate to offer", e.getMessage());
    }
}
