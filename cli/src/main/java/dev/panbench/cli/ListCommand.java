package dev.panbench.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.panbench.harness.catalog.model.ModelEntry;
import dev.panbench.harness.env.EnvironmentProbe;
import dev.panbench.harness.io.Json;
import dev.panbench.harness.run.plan.Adapters;
import dev.panbench.harness.spi.Adapter;
import dev.panbench.harness.spi.ParamSpec;
import dev.panbench.harness.spi.WorkloadSpec;
import dev.panbench.reports.env.AdapterListReport;
import dev.panbench.reports.env.ModelListReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code panbench list}: adapters, whether they can run here (and why not), and their workloads. */
@Command(name = "list", description = "List adapters, their availability and their workloads with parameters.",
        footer = {"", "Examples:", "  panbench list", "  panbench list --adapter jvm --json",
                "  panbench list --model resnet50.onnx"})
final class ListCommand implements Callable<Integer> {

    @Mixin
    CommonOptions common;

    @Option(names = "--adapter", paramLabel = "ID", split = ",", hideParamSyntax = true, description = "Only this adapter (repeatable).")
    List<String> adapterIds;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Mixin
    ModelOptions model;

    @Override
    public Integer call() throws Exception {
        List<ModelEntry> models = model.given() ? model.apply() : List.of();
        Adapters loaded = Adapters.load();
        List<Adapter> adapters = loaded.select(adapterIds);
        PrintWriter out = common.out();
        if (!models.isEmpty() && !json) {
            models.forEach(m -> out.print(ModelListReport.render(m, adapters)));
            return ExitCodes.OK;
        }
        if (json) {
            ArrayNode arr = Json.MAPPER.createArrayNode();
            for (Adapter a : adapters) {
                ObjectNode node = arr.addObject();
                node.put("id", a.id());
                node.put("description", a.describe());
                node.put("from", loaded.origin(a));
                node.set("availability", Json.MAPPER.valueToTree(EnvironmentProbe.adapterInfo(a)));
                ArrayNode ws = node.putArray("workloads");
                for (WorkloadSpec w : a.workloads()) {
                    ObjectNode wn = ws.addObject();
                    wn.put("name", w.name());
                    wn.put("group", w.group());
                    wn.put("description", w.description());
                    ObjectNode ps = wn.putObject("params");
                    for (ParamSpec p : w.params()) {
                        ps.set(p.name(), Json.MAPPER.valueToTree(p.defaults()));
                    }
                }
            }
            out.println(Json.MAPPER.writeValueAsString(arr));
        } else {
            out.print(AdapterListReport.render(adapters, loaded::origin));
        }
        return ExitCodes.OK;
    }
}
