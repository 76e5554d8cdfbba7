/* SPDX-License-Identifier: MIT
 *
 * effect_kill.c -- effects that kill: killSprite, killBoth.
 */
#include "effect.h"

/* Kills 'a' (an avatar is disabled: GVGAI keeps it). */
int effect_kill_sprite(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e, (void)b;
    tick_kill(t, a, 0);
    return 1;
}

/* Kills 'a' and 'b'. */
int effect_kill_both(tick_ctx *t, const effect_def *e, int a, int b) {
    (void)e;
    tick_kill(t, a, 0);
    tick_kill(t, b, 0);
    return 1;
}

