package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's "what ran" section, from the results directory's {@link RunRecord}: the settings
 * that differ from their defaults, the command line, the machine, the commit and the times; "not
 * recorded" for a directory written before runs recorded them. Stateless, safe to share.
 */
final class RunSection {

    private RunSection() {
    }

    static void write(Html html, RunRecord record) {
        html.element("h2", null, "What ran");
        if (record == null) {
            html.element("p", "missing", "Not recorded: this results directory has no " + RunRecord.FILE_NAME
                    + " (written by runs of the harness since the report exists), so its settings, command line,"
                    + " machine, commit and times are unknown.");
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("started", record.startedAt()));
        rows.add(List.of("ended", record.endedAt()));
        rows.add(List.of("outcome", record.outcome()));
        rows.add(List.of("commit", record.commit() + " (" + record.treeClean() + ")"));
        rows.add(List.of("machine", String.format(Locale.ROOT, "%d cores, %,d MiB of memory, %s", record.cores(),
                record.memoryMb(), record.os())));
        rows.add(List.of("JVM", record.jvm()));
        rows.add(List.of("JVM options", record.jvmOptions().isEmpty() ? "(none)" : record.jvmOptions()));
        rows.add(List.of("command line", record.commandLine()));
        html.table(null, List.of("what", "value"), rows);
        if (record.settings().isEmpty()) {
            html.paragraph("Every setting at its default.");
        } else {
            List<List<String>> settings = new ArrayList<>();
            for (RunRecord.ChangedSetting setting : record.settings()) {
                settings.add(List.of(setting.key(), setting.value(),
                        setting.defaultValue().isEmpty() ? "(empty)" : setting.defaultValue()));
            }
            html.table("Settings that differ from their defaults (the others: docs/harness.md)",
                    List.of("setting", "value", "default"), settings);
        }
    }
}
