/* SPDX-License-Identifier: MIT
 *
 * load.c -- vg_game_load: a game's rules read by the loader their file
 * asks for (a GVGAI game description, .txt: engine/gvgai/; else a Lua
 * script: engine/lua/), then its level. And games by name (vg_game_open):
 * where a game's rules and levels are in the project's folders, with the
 * errors a user needs when they are not there.
 */
#include <dirent.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gvgai/gvgai.h"
#include "io.h"

vg_status vg_game_load_text(const char *script_path, const char *level_text, const char *level_name, vg_game **out,
                            vg_error *err) {
    size_t n = strlen(script_path);
    if (n > 4 && strcmp(script_path + n - 4, ".txt") == 0)
        return gvgai_load_game(script_path, level_text, level_name, out, err);
    return script_load_game(script_path, level_text, level_name, out, err);
}

vg_status vg_script_generate(const char *script_path, uint64_t seed, int w, int h, char **text, vg_error *err) {
    size_t n = strlen(script_path);
    *text = NULL;
    if (n > 4 && strcmp(script_path + n - 4, ".txt") == 0)
        return error_set(err, VG_ERR_ARG, script_path, 0, 0,
                         "a GVGAI game file has no generate(rng, w, h): only a Lua script may");
    return script_generate(script_path, seed, w, h, text, err);
}

vg_status vg_game_load(const char *script_path, const char *level_path, vg_game **out, vg_error *err) {
    char *text;
    size_t len;
    *out = NULL;
    vg_status st = io_read_file(level_path, &text, &len, err);
    if (st != VG_OK) return st;
    if (memchr(text, '\0', len)) {
        free(text);
        return error_set(err, VG_ERR_PARSE, level_path, 0, 0, "map is not a text file");
    }
    st = vg_game_load_text(script_path, text, level_path, out, err);
    free(text);
    return st;
}

/* ---- Games by name ------------------------------------------------------ */

static int ends_with(const char *s, const char *tail) {
    size_t n = strlen(s), k = strlen(tail);
    return n > k && strcmp(s + n - k, tail) == 0;
}

static int is_number(const char *s) {
    if (!*s) return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return 0;
    return 1;
}

static int exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

/* The folders GVGAI's games are read from, under the root, in this order
 * (aliens and ten more are in gvgai/ and gvgai/2player/: the one-player
 * game by name, the other by path). */
static const char *const gvgai_dirs[] = {"gvgai", "gvgai/contphysics", "gvgai/2player"};
#define NGVGAI_DIRS (sizeof gvgai_dirs / sizeof gvgai_dirs[0])

/* A game whose levels are Berkeley layouts (levels/GAME/ *.lay, no
 * lvlN.txt) numbers them in alphabetical order: 'map' (the missing
 * levels/GAME/lvlN.txt) becomes the n-th layout, if there is one. */
static void nth_layout(char *map, size_t size, int n) {
    char pattern[4200];
    snprintf(pattern, sizeof pattern, "%.*s/*.lay", (int)(strrchr(map, '/') - map), map);
    glob_t gl;
    if (glob(pattern, 0, NULL, &gl) == 0 && n < (int)gl.gl_pathc) snprintf(map, size, "%s", gl.gl_pathv[n]);
    globfree(&gl);
}

int vg_level_places(const char *root, const char *script, vg_level_place p[VG_LEVEL_PLACES]) {
    const char *slash = strrchr(script, '/'), *base = slash ? slash + 1 : script;
    int blen = (int)strcspn(base, "."), dlen = slash ? (int)(slash - script) : 1, n = 0;
    const char *dir = slash ? script : ".";
    memset(p, 0, VG_LEVEL_PLACES * sizeof *p);
    if (!ends_with(script, ".txt")) {
        snprintf(p[n].dir, sizeof p[n].dir, "%.*s/levels/%.*s", dlen, dir, blen, base);
        snprintf(p[n].prefix, sizeof p[n].prefix, "lvl");
        p[n++].folder = 1;
    }
    snprintf(p[n].dir, sizeof p[n].dir, "%.*s", dlen, dir);
    snprintf(p[n++].prefix, sizeof p[n].prefix, "%.*s_lvl", blen, base);
    if (!ends_with(script, ".txt")) {
        snprintf(p[n].dir, sizeof p[n].dir, "%s/levels/%.*s", root, blen, base);
        snprintf(p[n].prefix, sizeof p[n].prefix, "lvl");
        p[n++].folder = 1;
    }
    return n;
}

/* The path of level 'level' (a number, or a name with 'ext') at place 'p'. */
static void place_file(const vg_level_place *p, const char *level, const char *ext, char *map, size_t size) {
    if (is_number(level)) snprintf(map, size, "%s/%s%s.txt", p->dir, p->prefix, level);
    else snprintf(map, size, "%s/%s%s", p->dir, level, ext);
}

void vg_game_paths(const char *root, const char *game, const char *level, char *script, char *map, size_t size) {
    if (strchr(game, '/') || strstr(game, ".lua") || ends_with(game, ".txt")) snprintf(script, size, "%s", game);
    else snprintf(script, size, "%s/scripts/%s.lua", root, game);
    for (size_t k = 0; k < NGVGAI_DIRS && !strchr(game, '/') && !strchr(game, '.') && access(script, F_OK) != 0; k++) {
        snprintf(map, size, "%s/%s/%s.txt", root, gvgai_dirs[k], game); /* no script: GVGAI's game */
        if (access(map, F_OK) == 0) snprintf(script, size, "%s", map);
    }
    if (!level) level = "0";
    snprintf(map, size, "%s", level); /* a path to a map */
    if (!is_number(level) && (strchr(level, '/') || access(level, F_OK) == 0)) return;
    vg_level_place places[VG_LEVEL_PLACES];
    int n = vg_level_places(root, script, places);
    static const char *const ext[] = {".txt", ".lay"};
    for (int k = 0; k < n; k++) /* the first place that has it (a name: a folder of levels) */
        for (int e = 0; e < (is_number(level) ? 1 : places[k].folder ? 2 : 0); e++) {
            place_file(&places[k], level, ext[e], map, size);
            if (access(map, F_OK) == 0) return;
        }
    if (!is_number(level)) {
        snprintf(map, size, "%s", level);
        return;
    }
    place_file(&places[n - 1], level, "", map, size); /* none: the last place's, or its n-th layout (CS188) */
    if (!ends_with(script, ".txt")) nth_layout(map, size, atoi(level));
}

/* Adds the games of folder 'dir' whose files end in 'ext' (not GVGAI's
 * level files) to names[*n..max); returns the new count. */
static int add_games(const char *dir, const char *ext, char **names, int n, int max) {
    DIR *d = opendir(dir);
    if (!d) return n;
    for (struct dirent *e; (e = readdir(d)) && n < max;) {
        if (!ends_with(e->d_name, ext) || strstr(e->d_name, "LICENSE") || strstr(e->d_name, "_lvl") ||
            strstr(e->d_name, "_glvl") || strstr(e->d_name, "_ggame"))
            continue;
        size_t len = strlen(e->d_name) - strlen(ext);
        int dup = 0;
        for (int k = 0; k < n && !dup; k++) dup = strlen(names[k]) == len && strncmp(names[k], e->d_name, len) == 0;
        if (!dup && (names[n] = strndup(e->d_name, len))) n++;
    }
    closedir(d);
    return n;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int vg_game_names(const char *root, char **names, int max) {
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/scripts", root);
    int n = add_games(dir, ".lua", names, 0, max);
    for (size_t k = 0; k < NGVGAI_DIRS; k++) {
        snprintf(dir, sizeof dir, "%s/%s", root, gvgai_dirs[k]);
        n = add_games(dir, ".txt", names, n, max);
    }
    qsort(names, (size_t)n, sizeof names[0], cmp_str);
    return n;
}

/* The error for a GAME whose rules are not where vg_game_paths looked. */
static vg_status unknown_game(const char *root, const char *game, const char *script, vg_error *err) {
    if (strchr(game, '/') || strchr(game, '.'))
        return error_set(err, VG_ERR_ARG, "", 0, 0, "%s: no such file (the game's rules)", script);
    char *names[512];
    int n = vg_game_names(root, names, 512);
    int near = vg_closest_name(game, (const char *const *)names, n);
    if (near >= 0) error_set(err, VG_ERR_ARG, "", 0, 0, "unknown game '%s'; did you mean '%s'?", game, names[near]);
    else error_set(err, VG_ERR_ARG, "", 0, 0, "unknown game '%s'", game);
    for (int k = 0; k < n; k++) free(names[k]);
    return VG_ERR_ARG;
}

vg_status vg_game_open(const char *root, const char *game, const char *level, vg_game **out, vg_error *err) {
    char script[4096], map[4096];
    *out = NULL;
    if (level && !level[0])
        return error_set(err, VG_ERR_ARG, "", 0, 0, "a level is a number, a level's name or a map file, not ''");
    vg_game_paths(root, game, level, script, map, sizeof script);
    if (!exists(script)) return unknown_game(root, game, script, err);
    if (!exists(map)) { /* the script's own errors first: they are what its author must fix */
        vg_status st = vg_game_load_text(script, "", "(no level)", out, err);
        vg_game_free(*out);
        *out = NULL;
        if (st != VG_OK && strcmp(err->file, script) == 0) return st;
        if (level && !is_number(level))
            return error_set(err, VG_ERR_IO, "", 0, 0, "level %s: no such map (%s)", level, map);
        return error_set(err, VG_ERR_IO, "", 0, 0, "%s has no level %s (%s: no such file)", game, level ? level : "0",
                         map);
    }
    return vg_game_load(script, map, out, err);
}
