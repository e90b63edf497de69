/**
 * HTML and SVG rendering: the shared page frame ({@link org.sciycsb.report.html.Html}), small server-side SVG
 * charts with no script and no network ({@link org.sciycsb.report.html.Svg}), one results directory's
 * {@code report.html} with its storage charts ({@link org.sciycsb.report.html.HtmlReport}), and rendering a page to
 * PNG with headless Chromium ({@link org.sciycsb.report.html.Chromium}). Compare, sweep, findmax and history draw
 * their pages with these.
 */
package org.sciycsb.report.html;
