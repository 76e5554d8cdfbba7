/* SPDX-License-Identifier: MIT
 *
 * study.c -- what a game's own levels and rules say, for its generators
 * (generate.h): read in phases.
 *
 *   1. the rules, loaded on the game's first level; its levels' texts
 *   2. the border: a side every level has all of one solid character
 *   3. the inside of each level: its size, how often each character
 *      appears, the avatar's character and the row it starts on
 *   4. each character's role, read from the interaction rules, the
 *      strongest of what they say: the avatar; harmful (it kills the
 *      avatar); a goal (the avatar removes it and a win counts it, such as
 *      Bait's door, though the avatar steps back from it without a key);
 *      collectible (the avatar removes it); solid (it never moves and the
 *      avatar steps back from it); other (named by some rule, or by none
 *      but it moves or makes sprites: Pacman's ghost nests); empty
 *   5. what the terminations ask of a start: a win or loss counting a
 *      type holds once the count is down to its limit, so a level needs
 *      more than that many; a type a win wants gone needs what removes it
 *      (Sokoban's holes for its boxes); when the avatar removes it only
 *      holding more than some amount of a resource, that much of the
 *      resource (Boulder Dash's ten diamonds for its exit); when only an
 *      avatar a rule makes removes it, what that rule needs (Zelda's key)
 */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "generate.h"

static const char *const role_names[NUM_ROLES] = {
    [ROLE_EMPTY] = "empty", [ROLE_AVATAR] = "avatar",           [ROLE_HARMFUL] = "harmful",
    [ROLE_GOAL] = "goal",   [ROLE_COLLECTIBLE] = "collectible", [ROLE_SOLID] = "solid",
    [ROLE_OTHER] = "other"};

const char *gen_role_name(gen_role r) { return r < NUM_ROLES ? role_names[r] : "?"; }

int gen_char_index(const gen_game *gm, char c) {
    const char *p = memchr(gm->chars, c, (size_t)gm->nchars);
    return p ? (int)(p - gm->chars) : -1;
}

/* ---- 1. The levels' texts ------------------------------------------------- */

#define MAX_LEVELS 64

/* A level as rows of equal length (GVGAI's short rows padded with spaces). */
typedef struct level_text {
    int w, h;
    char *cells; /* h rows of w */
} level_text;

/* Reads the map 'text' into 'lv'; 0, or -1 when it is no map. */
static int read_level(const char *text, level_text *lv) {
    char rows[GEN_MAX_SIDE][GEN_MAX_SIDE + 2];
    int h = 0, w = 0;
    for (const char *p = text; *p && h < GEN_MAX_SIDE; p += strcspn(p, "\n"), p += *p == '\n') {
        size_t n = strcspn(p, "\r\n");
        if (n == 0 || n > GEN_MAX_SIDE) continue;
        memcpy(rows[h], p, n);
        rows[h][n] = '\0';
        if ((int)n > w) w = (int)n;
        h++;
    }
    if (!h || !(lv->cells = malloc((size_t)w * (size_t)h))) return -1;
    for (int y = 0; y < h; y++) {
        size_t n = strlen(rows[y]);
        memcpy(lv->cells + (size_t)y * (size_t)w, rows[y], n);
        memset(lv->cells + (size_t)y * (size_t)w + n, ' ', (size_t)w - n);
    }
    lv->w = w, lv->h = h;
    return 0;
}

/* ---- 4. Roles ------------------------------------------------------------- */

int gen_names_avatar(const vg_game *g, int t) {
    for (int a = 0; t >= 0 && a < vg_game_num_types(g); a++)
        if (vg_type_is_leaf(g, a) && vg_type_category(g, a) == VG_CAT_AVATAR && vg_type_is_a(g, a, t)) return 1;
    return 0;
}

/* 1 when a win termination counts type 't'. */
static int win_counts(const vg_game *g, int t) {
    vg_term_info ti;
    for (int k = 0; vg_term(g, k, &ti); k++)
        for (int j = 0; j < 3 && ti.win; j++)
            if (ti.stype[j] >= 0 && vg_type_is_a(g, t, ti.stype[j])) return 1;
    return 0;
}

/* The role of leaf type 't' by the rules that name it with the avatar. */
static gen_role type_role(const vg_game *g, int t) {
    static const char *const blocking[] = {"stepBack", "undoAll", "wallStop"};
    if (vg_type_category(g, t) == VG_CAT_AVATAR) return ROLE_AVATAR;
    gen_role role = ROLE_EMPTY;
    vg_rule_info r;
    for (int k = 0; vg_rule(g, k, &r); k++) {
        int first = vg_type_is_a(g, t, r.t1), second = r.t2 >= 0 && vg_type_is_a(g, t, r.t2);
        if (!first && !second) continue;
        gen_role now = ROLE_OTHER;
        if (second && gen_names_avatar(g, r.t1)) {                            /* the avatar runs into it */
            for (size_t b = 0; b < sizeof blocking / sizeof blocking[0]; b++) /* a wall never moves */
                if (strcmp(r.effect, blocking[b]) == 0 && vg_type_category(g, t) == VG_CAT_IMMOVABLE) now = ROLE_SOLID;
            if (r.does & VG_DOES_KILL1) now = ROLE_HARMFUL;
            else if (r.does & VG_DOES_KILL2) now = win_counts(g, t) ? ROLE_GOAL : ROLE_COLLECTIBLE; /* Zelda's key */
        } else if (first && r.t2 >= 0 && gen_names_avatar(g, r.t2)) { /* it meets the avatar */
            if (r.does & VG_DOES_KILL2) now = ROLE_HARMFUL;
            else if (r.does & VG_DOES_KILL1) now = win_counts(g, t) ? ROLE_GOAL : ROLE_COLLECTIBLE;
        }
        if (role == ROLE_EMPTY || now < role) role = now; /* the strongest role wins */
    }
    return role;
}

/* The role of map character 'c': the strongest of its types'. */
static gen_role char_role(const vg_game *g, char c, int *moving) {
    int types[8], n = vg_glyph_types(g, c, types);
    gen_role role = ROLE_EMPTY;
    *moving = 0;
    for (int k = 0; k < n; k++) {
        gen_role r = type_role(g, types[k]);
        if (r == ROLE_EMPTY && (vg_type_category(g, types[k]) != VG_CAT_IMMOVABLE || vg_type_stype(g, types[k]) >= 0))
            r = ROLE_OTHER; /* named by no rule, but it moves or makes sprites: Pacman's ghost nests */
        if (r != ROLE_EMPTY && (role == ROLE_EMPTY || r < role)) role = r;
        *moving |= vg_type_category(g, types[k]) == VG_CAT_NPC;
    }
    return role;
}

/* ---- 5. What the terminations need --------------------------------------- */

/* The first character of the game's levels that places a sprite of type 't' (or a subtype), or -1. */
static int char_placing(const gen_game *gm, int t) {
    for (int k = 0; k < gm->nchars; k++) {
        int types[8], n = vg_glyph_types(gm->g, gm->chars[k], types);
        for (int j = 0; j < n; j++)
            if (vg_type_is_a(gm->g, types[j], t)) return k;
    }
    return -1;
}

static void need_at_least(gen_game *gm, int k, int n) {
    if (k >= 0 && gm->role[k] != ROLE_AVATAR && gm->need[k] < n) gm->need[k] = n;
}

/* An avatar type no map character places (Bait's and Zelda's 'withkey')
 * is made by a rule: what the avatar meets in it (the key) is needed. */
static void need_maker(gen_game *gm, int t) {
    vg_rule_info r;
    for (int k = 0; vg_rule(gm->g, k, &r); k++)
        if (r.stype >= 0 && r.t2 >= 0 && (r.does & VG_DOES_CREATE) && vg_type_is_a(gm->g, r.stype, t))
            need_at_least(gm, char_placing(gm, r.t2), 1);
}

static void study_terms(gen_game *gm) {
    const vg_game *g = gm->g;
    vg_term_info ti;
    vg_rule_info r;
    for (int k = 0; vg_term(g, k, &ti); k++) {
        if (strcmp(ti.kind, "SpriteCounter") && strcmp(ti.kind, "MultiSpriteCounter")) continue;
        need_at_least(gm, char_placing(gm, ti.stype[0]), ti.limit + 1);
        for (int j = 0; j < 3 && ti.win && ti.stype[j] >= 0; j++) /* what removes a type the win wants gone */
            for (int e = 0; vg_rule(g, e, &r); e++) {
                if (r.t2 < 0 || !(r.does & VG_DOES_KILL1) || !vg_type_is_a(g, ti.stype[j], r.t1)) continue;
                if (!gen_names_avatar(g, r.t2)) need_at_least(gm, char_placing(gm, r.t2), 1);
                else if (r.resource >= 0) need_at_least(gm, char_placing(gm, r.resource), r.limit + 1);
                else if (char_placing(gm, r.t2) < 0) need_maker(gm, r.t2);
            }
    }
}

/* ---- Phases 2 and 3 --------------------------------------------------------- */

/* The character of side 'side' (0 top, 1 right, 2 bottom, 3 left) when
 * all its cells hold one, else 0. */
static char side_char(const level_text *lv, int side) {
    int n = side % 2 ? lv->h : lv->w;
    char c = 0;
    for (int i = 0; i < n; i++) {
        int x = side == 1 ? lv->w - 1 : side == 3 ? 0 : i, y = side == 0 ? 0 : side == 2 ? lv->h - 1 : i;
        char here = lv->cells[y * lv->w + x];
        if (i && here != c) return 0;
        c = here;
    }
    return c;
}

static void study_border(gen_game *gm, const level_text *lvs, int n) {
    char wall = 0;
    for (int side = 0; side < 4; side++) {
        char c = side_char(&lvs[0], side);
        int types[8];
        for (int k = 1; k < n && c; k++)
            if (side_char(&lvs[k], side) != c) c = 0;
        int moving;
        if (!c || vg_glyph_types(gm->g, c, types) < 0 || char_role(gm->g, c, &moving) != ROLE_SOLID ||
            (wall && c != wall))
            continue;
        gm->border[side] = 1;
        wall = c;
    }
    gm->wall = wall;
}

/* Adds level 'lv''s inside to the counts; notes where the avatar starts. */
static void study_inside(gen_game *gm, const level_text *lv, double *count, int *avatars, int *rows) {
    int x0 = gm->border[3], y0 = gm->border[0], x1 = lv->w - gm->border[1], y1 = lv->h - gm->border[2];
    if (x1 - x0 > gm->max_w) gm->max_w = x1 - x0;
    if (y1 - y0 > gm->max_h) gm->max_h = y1 - y0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            char c = lv->cells[y * lv->w + x];
            int k = gen_char_index(gm, c);
            if (k < 0 && gm->nchars < GEN_MAX_CHARS && c >= 32 && c < 127) gm->chars[k = gm->nchars++] = c;
            if (k < 0) continue;
            int moving;
            if (char_role(gm->g, c, &moving) == ROLE_AVATAR) {
                avatars[k]++;
                rows[y == y0 ? 0 : y == y1 - 1 ? 1 : 2]++;
            } else {
                count[k]++;
            }
        }
}

/* Phases 2-5 on the levels read. 0, or 2 after printing why. */
static int study_levels(gen_game *gm, const level_text *lvs, int n) {
    double count[GEN_MAX_CHARS] = {0}, total = 0;
    int avatars[GEN_MAX_CHARS] = {0}, rows[3] = {0}, best = -1, most = -1;
    if (gm->nlevels) study_border(gm, lvs, n); /* a script's own maps are whole: no border is added to them */
    gm->w = lvs[0].w - gm->border[1] - gm->border[3];
    gm->h = lvs[0].h - gm->border[0] - gm->border[2];
    for (int k = 0; k < n; k++) study_inside(gm, &lvs[k], count, avatars, rows);
    for (int k = 0; k < gm->nchars; k++) {
        total += count[k];
        gm->role[k] = char_role(gm->g, gm->chars[k], &gm->moving[k]);
        if (avatars[k] > (best >= 0 ? avatars[best] : 0)) best = k;
        if (gm->role[k] == ROLE_EMPTY && count[k] > (most >= 0 ? count[most] : 0)) most = k;
    }
    if (best < 0) return cli_fail("%s: its levels have no avatar to copy", gm->name);
    gm->avatar = gm->chars[best];
    gm->empty = most >= 0 ? gm->chars[most] : ' ';
    if (most < 0 && gen_char_index(gm, ' ') < 0 && gm->nchars < GEN_MAX_CHARS) gm->chars[gm->nchars++] = ' ';
    for (int k = 0; k < gm->nchars; k++) gm->freq[k] = total > 0 ? count[k] / total : 0;
    gm->avatar_row = rows[1] >= rows[0];
    study_terms(gm);
    return 0;
}

/* ---- The whole study --------------------------------------------------- */

/* Reads file 'path' as a level into 'lv'; 0, or -1. */
static int read_level_file(const char *path, level_text *lv) {
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    static char text[GEN_MAX_SIDE * 1024];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return read_level(text, lv);
}

/* The game's own levels (cli_level_files: where the commands look for
 * them) into lvs[0..MAX_LEVELS), its first level (map0) first. Returns how many. */
static int read_levels(const char *script, const char *map0, level_text *lvs) {
    glob_t gl;
    char where[4096];
    int n = 0;
    cli_level_files(script, &gl, where, sizeof where);
    for (size_t k = 0; k < gl.gl_pathc && n < MAX_LEVELS; k++)
        if (strcmp(gl.gl_pathv[k], map0) == 0 && read_level_file(map0, &lvs[0]) == 0) n = 1;
    for (size_t k = 0; k < gl.gl_pathc && n < MAX_LEVELS; k++)
        if (strcmp(gl.gl_pathv[k], map0) != 0 && read_level_file(gl.gl_pathv[k], &lvs[n]) == 0) n++;
    globfree(&gl);
    return n;
}

#define SAMPLES 8 /* maps a script's generate() makes for a game with no levels to be studied on */

/* A script with no levels: SAMPLES maps of w x h its generate() makes, the
 * game loaded on the first. Returns how many, or -1 after printing why. */
static int sample_levels(gen_game *gm, int w, int h, level_text *lvs) {
    vg_error err;
    int rc = cli_check_script(gm->script), n = 0;
    if (rc) return -1;
    if (!w || !h) {
        char *text = NULL;
        rc = vg_script_generate(gm->script, 1, 1, 1, &text, &err) == VG_ERR_ARG ? 0 : 1; /* does it have generate()? */
        free(text);
        if (!rc)
            return cli_fail("%s: no levels of its own to learn from (levels/NAME/*.txt, or GAME_lvlN.txt beside a "
                            "GVGAI game), and no generate(rng, w, h)",
                            gm->name),
                   -1;
        return cli_fail("%s: no levels of its own to take a size from: give --size WxH", gm->name), -1;
    }
    for (; n < SAMPLES; n++) {
        char *text;
        if (vg_script_generate(gm->script, (uint64_t)n + 1, w, h, &text, &err) != VG_OK) break;
        rc = read_level(text, &lvs[n]);
        if (!rc && n == 0 && vg_game_load_text(gm->script, text, "generate(rng, w, h)'s map", &gm->g, &err) != VG_OK)
            rc = 1;
        free(text);
        if (rc) break;
    }
    if (n < SAMPLES) {
        for (int k = 0; k < n; k++) free(lvs[k].cells);
        return cli_report(&err), -1;
    }
    return n;
}

/* 1 when the avatar of 'g' has neither UP nor DOWN. */
static int moves_sideways(const vg_game *g) {
    vg_state *s = vg_state_new(g, 0);
    vg_action acts[VG_MAX_ACTIONS];
    int n = s ? vg_actions(g, s, acts) : 0, vertical = 0;
    for (int k = 0; k < n; k++) vertical |= acts[k] == VG_ACTION_UP || acts[k] == VG_ACTION_DOWN;
    vg_state_free(s);
    return n > 0 && !vertical;
}

int gen_game_study(const char *game, int w, int h, gen_game *gm) {
    memset(gm, 0, sizeof *gm);
    gm->name = game;
    cli_opts o = {.game = game};
    char map0[4096];
    int rc = cli_paths(&o, gm->script, map0, sizeof map0);
    if (rc) return rc;
    static level_text lvs[MAX_LEVELS];
    int n = gm->nlevels = read_levels(gm->script, map0, lvs);
    if (n == 0 && cli_is_gvgai(gm->script)) {
        rc = cli_fail("%s: no levels of its own to learn from (GAME_lvlN.txt beside it)", game);
    } else if (n == 0) {
        rc = (n = sample_levels(gm, w, h, lvs)) < 0 ? 2 : 0;
    } else {
        o.level = map0;
        rc = cli_load(&o, &gm->g);
    }
    if (!rc && vg_game_has_turns(gm->g))
        rc = cli_fail("%s: generate makes levels of one-player games (it has turns{})", game);
    else if (!rc && vg_num_players(gm->g) > 1)
        rc = cli_fail("%s: generate makes levels of one-player games (it has %d players)", game, vg_num_players(gm->g));
    if (!rc) rc = study_levels(gm, lvs, n);
    if (!rc) gm->sideways = moves_sideways(gm->g), gm->has_generate = vg_game_has_generate(gm->g);
    for (int k = 0; k < n; k++) free(lvs[k].cells);
    return rc;
}

void gen_game_free(gen_game *gm) {
    vg_game_free(gm->g);
    gm->g = NULL;
}

char *gen_map_text(const gen_game *gm, const gen_map *m) {
    static const int none[4];
    const int *border = m->whole ? none : gm->border;
    int W = m->w + border[1] + border[3], H = m->h + border[0] + border[2];
    char *text = malloc((size_t)(W + 1) * (size_t)H + 1), *p = text;
    if (!text) return NULL;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            int ix = x - border[3], iy = y - border[0];
            *p++ = ix < 0 || iy < 0 || ix >= m->w || iy >= m->h ? gm->wall : m->cell[iy * m->w + ix];
        }
        *p++ = '\n';
    }
    *p = '\0';
    return text;
}
