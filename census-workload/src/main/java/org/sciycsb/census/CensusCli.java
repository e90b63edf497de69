package org.sciycsb.census;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sciycsb.api.ConfigException;
import org.sciycsb.api.PropertyFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * bin/census's command line, declared for picocli: {@code <command> [<job>] [-P file]... [-p key=value]...
 * [--debug]}. The Hadoop commands parse with it ({@link CensusMain}); census-native's parse its {@link Flags}.
 */
@Command(name = "bin/census", separator = " ", synopsisHeading = "usage: ", showDefaultValues = true,
    description = "the census data and jobs of seed 000 (census-workload/README.md); the options below the flags are "
        + "-p properties")
public final class CensusCli {
  @Parameters(index = "0", arity = "0..1", paramLabel = "<command>", description = "generate, load, read, filter, "
      + "merge, reorder, copy, threestage <job>, native-load, native-read, native-filter or help")
  public String command;
  @Parameters(index = "1", arity = "0..1", paramLabel = "<job>", description = "threestage: the job (filter, merge "
      + "or reorder); help markdown: the options as a Markdown table")
  public String job;
  @Parameters(index = "2..*", arity = "0..*", hidden = true)
  List<String> unexpected;
  @Mixin
  public Flags flags;
  @Option(names = {"-h", "--help"}, description = "this help (as bin/census help)")
  public boolean help;

  /** {@code -P file} (in order, later files win), {@code -p key=value} (over every file), {@code --debug}. */
  public static final class Flags {
    private final List<String> files = new ArrayList<>();
    private final List<String> props = new ArrayList<>();
    @Option(names = {"--debug", "-debug"}, description = "stack traces on errors")
    boolean debug;

    @Option(names = "-P", paramLabel = "<file>", description = "a property file (repeatable, later files win)")
    void file(String file) {
      files.add(file);
    }

    @Option(names = "-p", paramLabel = "<key>=<value>", description = "a property (repeatable; wins over every -P "
        + "file)")
    void property(String keyValue) {
      props.add(keyValue);
    }

    /** The properties: the files in order, then every -p (values trimmed). */
    public Map<String, String> properties() throws CensusException, ConfigException {
      Map<String, String> out = new LinkedHashMap<>();
      for (String f : files) {
        out.putAll(PropertyFiles.read(Path.of(f), f));
      }
      for (String kv : props) {
        int eq = kv.indexOf('=');
        if (eq <= 0) {
          throw new CensusException("bad -p argument '" + kv + "': expected key=value", CensusException.BAD_INPUT);
        }
        out.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
      }
      return out;
    }
  }

  /** True when the arguments ask for stack traces, looked at before parsing so parse errors honour it too. */
  public static boolean wantsDebug(String[] args) {
    return List.of(args).contains("--debug") || List.of(args).contains("-debug");
  }

  /** Parses {@code args} into {@code command} (a picocli command object); a bad line is one exception, exit 2. */
  public static <T> T parse(T command, String[] args) throws CensusException {
    CommandLine cl = commandLine(command);
    try {
      for (ArgSpec a : cl.parseArgs(args).matchedArgs()) {
        if (a.hidden()) {
          throw new CensusException("unexpected argument '" + a.originalStringValues().get(0) + "' (bin/census help)",
              CensusException.BAD_INPUT);
        }
      }
    } catch (CommandLine.UnmatchedArgumentException e) {
      throw new CensusException("unknown option " + e.getUnmatched().get(0) + " (bin/census help)",
          CensusException.BAD_INPUT);
    } catch (CommandLine.MissingParameterException e) {
      String name = e.getMissing().get(0) instanceof OptionSpec o ? o.longestName() : e.getMissing().get(0).paramLabel();
      throw new CensusException("option " + name + " needs a value", CensusException.BAD_INPUT);
    } catch (ParameterException e) {
      throw new CensusException(e.getMessage(), CensusException.BAD_INPUT);
    }
    return command;
  }

  /** The usage picocli generates for a command object. */
  public static String usage(Object command) {
    return commandLine(command).getUsageMessage();
  }

  private static CommandLine commandLine(Object command) {
    CommandLine cl = new CommandLine(command);
    cl.setPosixClusteredShortOptionsAllowed(false);
    cl.setExpandAtFiles(false);
    cl.setOverwrittenOptionsAllowed(true);
    cl.getCommandSpec().usageMessage().width(118);
    return cl;
  }
}
