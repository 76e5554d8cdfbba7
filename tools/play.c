/* SPDX-License-Identifier: MIT
 *
 * play.c -- 'vgdl play': a person plays in the terminal. Arrow keys or
 * WASD move, space is USE, n waits a tick, q quits. The map is drawn in
 * the sprites' colours (24-bit ANSI), with score and tick below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "cli.h"

static void draw(const vg_game *g, const vg_state *s) {
    int w = vg_game_width(g), h = vg_game_height(g);
    vg_obs obs[64];
    printf("\x1b[H\x1b[2J");
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int n = vg_grid_at(g, s, x, y, obs, 64), top = -1;
            for (int k = 0; k < n && k < 64; k++) {   /* the last visible one in drawing order */
                int t = obs[k].type;
                if (vg_type_hidden(g, t)) continue;
                int rank = (obs[k].cat == VG_CAT_AVATAR) * 1000 + t;
                int best = top < 0 ? -1 : (obs[top].cat == VG_CAT_AVATAR) * 1000 + obs[top].type;
                if (rank > best) top = k;
            }
            if (top < 0) {
                fputs("  ", stdout);
                continue;
            }
            uint32_t c = vg_type_color(g, obs[top].type);
            printf("\x1b[48;2;%u;%u;%um\x1b[38;2;0;0;0m%c \x1b[0m", c >> 16, c >> 8 & 255, c & 255,
                   vg_type_glyph(g, obs[top].type));
        }
        putchar('\n');
    }
    printf("\nscore %g   tick %d%s\n", vg_score(s), vg_tick(s),
           vg_is_over(s) ? (vg_winner_of(s) == VG_PLAYER_WINS ? "   YOU WIN" : "   GAME OVER") : "");
    printf("arrows/WASD move, space USE, n wait, q quit\n");
    fflush(stdout);
}

static int read_key(void) {
    int c = getchar();
    if (c != 27) return c;
    if (getchar() != '[') return 27;
    switch (getchar()) {
    case 'A': return 'w';
    case 'B': return 's';
    case 'C': return 'd';
    case 'D': return 'a';
    default: return 0;
    }
}

int cli_play(int argc, char **argv) {
    cli_opts o;
    vg_game *g = NULL;
    int rc = cli_parse(argc, argv, &o);
    if (rc || (rc = cli_load(&o, &g))) return rc;
    vg_state *s = vg_state_new(g, o.seed);
    struct termios saved, raw;
    int tty = isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved) == 0;
    if (tty) {
        raw = saved;
        raw.c_lflag &= (tcflag_t)~(ICANON | ECHO);
        tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    vg_error err;
    while (s) {
        draw(g, s);
        if (vg_is_over(s)) break;
        int c = read_key();
        vg_action a = VG_ACTION_NIL;
        if (c == EOF || c == 'q') break;
        else if (c == 'w' || c == 'W') a = VG_ACTION_UP;
        else if (c == 's' || c == 'S') a = VG_ACTION_DOWN;
        else if (c == 'a' || c == 'A') a = VG_ACTION_LEFT;
        else if (c == 'd' || c == 'D') a = VG_ACTION_RIGHT;
        else if (c == ' ') a = VG_ACTION_USE;
        else if (c != 'n') continue;
        if (vg_advance(g, s, a, &err) != VG_OK) {
            rc = cli_report(&err);
            break;
        }
    }
    if (tty) tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    vg_state_free(s);
    vg_game_free(g);
    return rc;
}
