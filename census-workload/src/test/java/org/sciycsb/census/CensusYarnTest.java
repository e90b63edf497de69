package org.sciycsb.census;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The filter submitted to YARN (an in-process MiniMRYarnCluster: ResourceManager, one NodeManager, history
 * server; tasks in their own JVMs), input and output on the local file system to keep it short. Checked against
 * an independent count of the generated text.
 */
class CensusYarnTest {
  static final String OPENS = " --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
      + " --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED";

  @Test
  void filterRunsOnYarn(@TempDir Path dir) throws Exception {
    CensusGenerator gen = new CensusGenerator(11, 50);
    Files.createDirectories(dir.resolve("in"));
    long expected = 0;
    try (var w = Files.newBufferedWriter(dir.resolve("in/part-0.csv"))) {
      for (long i = 0; i < 300; i++) {
        String l = gen.line(i);
        w.write(l + "\n");
        String[] f = l.split(",", -1);
        if (f.length == 111 && Long.parseLong(f[17]) > Long.parseLong(f[16])) {
          expected++;
        }
      }
    }
    assertThat(CensusSchema.MALE_TOTAL).isEqualTo(16);
    assertThat(CensusSchema.FEMALE_TOTAL).isEqualTo(17);
    Configuration conf = new Configuration();
    conf.set("yarn.app.mapreduce.am.command-opts", "-Xmx256m" + OPENS);
    conf.set("mapreduce.map.java.opts", "-Xmx200m" + OPENS);
    conf.set("mapreduce.reduce.java.opts", "-Xmx200m" + OPENS);
    conf.setInt("yarn.app.mapreduce.am.resource.mb", 512);
    conf.setInt("mapreduce.map.memory.mb", 384);
    conf.setInt("mapreduce.reduce.memory.mb", 384);
    conf.setInt("yarn.nodemanager.resource.memory-mb", 2048);
    conf.setBoolean("yarn.nodemanager.vmem-check-enabled", false);
    conf.setBoolean("yarn.nodemanager.pmem-check-enabled", false);
    conf.set("yarn.scheduler.minimum-allocation-mb", "128");
    conf.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
    MiniMRYarnCluster yarn = new MiniMRYarnCluster("census-yarn", 1);
    yarn.init(conf);
    yarn.start();
    try {
      Map<String, String> p = new HashMap<>();
      p.put("census.input", "file://" + dir.resolve("in"));
      p.put("census.output", "file://" + dir.resolve("out"));
      JobReport r = new CensusJobRunner(p, new Configuration(yarn.getConfig())).run(CensusJobKind.FILTER);
      assertThat(r.metadata.get("runner")).isEqualTo("yarn");
      assertThat(r.recordsRead).isEqualTo(300);
      assertThat(r.malformed).isEqualTo(6);
      assertThat(r.recordsWritten).isEqualTo(expected);
      List<String> out = Files.readAllLines(dir.resolve("out/part-r-00000"));
      assertThat(out).hasSize((int) expected);
    } finally {
      yarn.stop();
    }
  }
}
