package org.sciycsb.census;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The 111 columns of a census record: one county of one census vintage, modelled on the county-level
 * summary files (geography ids, names, population by sex and 18 age bands, households, housing, race, income,
 * education, employment ...). Column 0 is the record id, unique within a data set.
 */
public final class CensusSchema {
  private CensusSchema() {}

  public static final String[] AGE_BANDS = {"0_4", "5_9", "10_14", "15_19", "20_24", "25_29", "30_34", "35_39",
      "40_44", "45_49", "50_54", "55_59", "60_64", "65_69", "70_74", "75_79", "80_84", "85_plus"};

  public static final List<String> COLUMNS;
  private static final Map<String, Integer> INDEX = new HashMap<>();

  static {
    List<String> c = new ArrayList<>();
    Collections.addAll(c, "record_id", "census_year", "sumlev", "state_fips", "county_fips", "geoid", "state_name",
        "state_abbr", "county_name", "region", "division", "land_area_sqmi", "water_area_sqmi", "latitude",
        "longitude", "total_population", "male_total", "female_total");
    for (String sex : new String[] {"male", "female"}) {
      for (String band : AGE_BANDS) {
        c.add(sex + "_age_" + band);
      }
    }
    Collections.addAll(c, "under_18", "age_18_64", "age_65_plus", "median_age", "median_age_male",
        "median_age_female",
        "total_households", "family_households", "nonfamily_households", "avg_household_size", "housing_units",
        "occupied_units", "vacant_units", "owner_occupied", "renter_occupied",
        "race_white", "race_black", "race_american_indian", "race_asian", "race_pacific_islander", "race_other",
        "race_two_or_more", "hispanic", "not_hispanic",
        "median_household_income", "per_capita_income", "poverty_count",
        "edu_less_than_hs", "edu_hs_grad", "edu_some_college", "edu_bachelors", "edu_graduate",
        "labor_force", "employed", "unemployed", "not_in_labor_force",
        "veterans", "disabled", "foreign_born", "other_language_at_home",
        "births", "deaths", "net_migration",
        "commute_car", "commute_transit", "commute_walk", "work_from_home", "mean_travel_minutes",
        "health_insured", "uninsured", "median_home_value", "median_gross_rent", "units_built_before_1950",
        "group_quarters", "institutionalized", "noninstitutionalized_gq", "checksum");
    if (c.size() != 111) {
      throw new IllegalStateException("census schema has " + c.size() + " columns, not 111");
    }
    COLUMNS = Collections.unmodifiableList(c);
    for (int i = 0; i < c.size(); i++) {
      INDEX.put(c.get(i), i);
    }
  }

  public static final int FIELDS = 111;
  public static final int RECORD_ID = index("record_id");
  public static final int MALE_TOTAL = index("male_total");
  public static final int FEMALE_TOTAL = index("female_total");
  public static final int COUNTY_NAME = index("county_name");
  public static final int STATE_NAME = index("state_name");

  /** The column number of a name; throws for unknown names. */
  public static int index(String name) {
    Integer i = INDEX.get(name);
    if (i == null) {
      throw new IllegalArgumentException("no census column " + name);
    }
    return i;
  }

  /** The header line (comma-separated column names). */
  public static String header() {
    return String.join(",", COLUMNS);
  }

  /** Text columns; every other column is a number (integer or decimal). */
  public static boolean isText(int column) {
    String n = COLUMNS.get(column);
    return n.equals("sumlev") || n.equals("state_fips") || n.equals("county_fips") || n.equals("geoid")
        || n.equals("state_name") || n.equals("state_abbr") || n.equals("county_name") || n.equals("region")
        || n.equals("division") || n.equals("checksum");
  }
}
