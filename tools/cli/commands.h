/* SPDX-License-Identifier: MIT
 *
 * commands.h -- the commands of 'vgdl' that live outside vgdl.c, one
 * function each, as vgdl.c's table of commands calls them: argv[1] is the
 * command's name; each returns the program's exit status (0, or 2 after
 * printing why).
 */
#ifndef VG_COMMANDS_H
#define VG_COMMANDS_H

int cmd_decide(int argc, char **argv);   /* cli/decide.c: vgdl decide */
int cmd_solve(int argc, char **argv);    /* cli/decide.c: vgdl solve */
int cmd_play(int argc, char **argv);     /* cli/play.c: vgdl play */
int cmd_perft(int argc, char **argv);    /* cli/perft.c: vgdl perft */
int cmd_render(int argc, char **argv);   /* picture/picture.c: vgdl render */
int cmd_batch(int argc, char **argv);    /* batch/batch.c: vgdl batch */
int cmd_report(int argc, char **argv);   /* batch/report.c: vgdl report */
int cmd_generate(int argc, char **argv); /* generate/generate.c: vgdl generate */

#endif
