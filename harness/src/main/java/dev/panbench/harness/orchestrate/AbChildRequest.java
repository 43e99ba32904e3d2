package dev.panbench.harness.orchestrate;

import dev.panbench.harness.channel.Channel;
import dev.panbench.harness.run.plan.RunSettings;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a paired comparison ({@code dev.panbench.harness.paired}) asks of one build for one fork, through the {@link Channel} to that build's
 * {@link AbChild}. The
 * selection travels as such (not as result ids) so each build expands it with its own declarations: an id only one
 * build has shows as added or removed, as in any comparison.
 *
 * @param protocol   {@link Channel#PROTOCOL}; a child that speaks another one refuses the request
 * @param adapterIds adapters to run; empty means every adapter
 * @param filter     regex matched (find) against result ids; null for all
 * @param params     parameter overrides: name to values
 * @param settings   the JMH settings of this round (one fork)
 * @param outDir     where the child writes {@code results.json} and its JMH logs
 * @param command    what the results file records as its command
 * @param reply      where the child writes its {@link AbChildReply}
 */
public record AbChildRequest(int protocol, List<String> adapterIds, String filter, Map<String, List<String>> params,
                             RunSettings settings, Path outDir, String command, Path reply)
        implements Channel.Message {

    public AbChildRequest {
        adapterIds = adapterIds == null ? List.of() : List.copyOf(adapterIds);
        params = params == null ? Map.of() : Map.copyOf(params);
    }
}
