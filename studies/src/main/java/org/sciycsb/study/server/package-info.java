/**
 * A study's own test server: the store's {@code bin/servers} server restarted on an emulated device with a memory
 * cap sized from the study's data ({@code --devices}, {@code --memory-ratio}), the devices and their profiles, and
 * what the profiles predict of one device against another.
 */
package org.sciycsb.study.server;
