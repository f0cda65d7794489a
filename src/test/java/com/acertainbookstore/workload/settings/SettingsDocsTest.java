package com.acertainbookstore.workload.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsDocsTest {

    @Test
    void docs_settingsTablesAndRows_areThoseSettingGenerates() throws Exception {
        for (Map.Entry<Path, String> doc : SettingsDocs.docs().entrySet()) {
            String[] committed = doc.getValue().split("\n", -1);
            String[] generated = SettingsDocs.regenerated(doc.getValue()).split("\n", -1);
            for (int i = 0; i < Math.min(committed.length, generated.length); i++) {
                assertEquals(generated[i], committed[i], doc.getKey() + " line " + (i + 1) + " is not what Setting"
                        + " generates; edit Setting.java, not the doc, then run " + SettingsDocs.REGENERATE);
            }
            assertEquals(generated.length, committed.length, doc.getKey() + " has another number of lines than"
                    + " Setting generates; run " + SettingsDocs.REGENERATE);
        }
    }

    @Test
    void harnessDoc_holdsTheWholeGeneratedTable() throws Exception {
        String harness = SettingsDocs.docs().get(SettingsDocs.ROOT.resolve("docs").resolve("harness.md"));
        assertTrue(harness.contains(SettingsDocs.BEGIN + "\n| setting | default | meaning |"),
                "docs/harness.md must hold the settings table between the generated-table markers");
        for (Setting setting : Setting.values()) {
            assertTrue(harness.contains("| `" + setting.key() + "` |"), setting.key() + " is missing from docs/harness.md");
        }
    }

    @Test
    void regenerated_staleRowOutsideTheTable_isRewrittenFromSetting() {
        String stale = "text\n| `workload.threads` | `1` | an old description |\n| `workload.settings` | a package |\n";
        String regenerated = SettingsDocs.regenerated(stale);
        assertNotEquals(stale, regenerated);
        assertEquals("text\n" + rowOf(Setting.THREADS) + "\n| `workload.settings` | a package |\n", regenerated);
    }

    @Test
    void regenerated_editedTable_isReplacedWhole() {
        String edited = "before\n" + SettingsDocs.BEGIN + "\n| setting | default | meaning |\n| `workload.gone` | x | y |\n"
                + SettingsDocs.END + "\nafter";
        String regenerated = SettingsDocs.regenerated(edited);
        assertTrue(regenerated.startsWith("before\n" + SettingsDocs.BEGIN + "\n| setting | default | meaning |\n"));
        assertTrue(regenerated.endsWith(rowOf(Setting.values()[Setting.values().length - 1]) + "\n"
                + SettingsDocs.END + "\nafter"));
        assertTrue(!regenerated.contains("workload.gone"));
    }

    @Test
    void regenerated_tableWithoutItsEnd_isRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SettingsDocs.regenerated("x\n" + SettingsDocs.BEGIN + "\n| a |\n"));
        assertEquals("line 2: a generated settings table with no '" + SettingsDocs.END + "' after it", e.getMessage());
    }

    private static String rowOf(Setting setting) {
        for (String line : SettingsDocs.lines()) {
            if (line.startsWith("| `" + setting.key() + "` |")) {
                return line;
            }
        }
        throw new AssertionError(setting.key() + " has no row");
    }
}
