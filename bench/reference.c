/*
 * The benchmark's reference, the unfiltered floor: Cairo drawing the bench scenes' shapes,
 * libdeflate level 1 encoding rows with no PNG filter, frames split over N processes. It also
 * writes the matching scene, so both sides draw the same parameters (a fixed linear
 * congruential generator), and re-encodes a folder of frames to measure a scene's encode-only
 * floor.
 *
 *   reference scene RECTS WIDTH HEIGHT FRAMES          > bench.yaml
 *   reference render RECTS WIDTH HEIGHT FRAMES DIR JOBS [cairo-png]
 *   reference encode DIR      decodes DIR's frame_*.png (not timed), then prints the CPU seconds
 *                             of encoding them all as the floor does, and their bytes
 *   reference cpu COMMAND [ARGS...]
 *                             runs COMMAND and prints its CPU seconds (user + system, from
 *                             wait4, to the microsecond) on the last line of standard error
 *   reference frog WIDTH HEIGHT PATH
 *                             draws frame 60 of scenes/frog.yaml (t = 2 s: the move half done) on
 *                             a WIDTH x HEIGHT canvas and writes it as the floor does: the C floor
 *                             of one frame's latency, timed whole, process start included
 */
#include <cairo/cairo.h>
#include <libdeflate.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <glob.h>
#include <time.h>
#include <unistd.h>

#define CIRCLES 20

typedef struct { double x0, y0, x1, y1, turn, r, g, b; } Shape;

static uint32_t seed = 12345;
static double unit(void) { seed = seed * 1664525u + 1013904223u; return (seed >> 8) / 16777216.0; }

static void make_shapes(Shape *s, int n, int width, int height) {
    for (int i = 0; i < n; i++) {
        s[i].x0 = 40 + unit() * (width - 80);  s[i].y0 = 40 + unit() * (height - 80);
        s[i].x1 = 40 + unit() * (width - 80);  s[i].y1 = 40 + unit() * (height - 80);
        s[i].turn = (unit() - 0.5) * 6.283185307179586;
        s[i].r = unit(); s[i].g = unit(); s[i].b = unit();
    }
}

/* easeInOut = cubic(0.42, 0, 0.58, 1): solve X(s) = x by Newton, then bisection. */
static double ease(double x) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    const double cx = 3 * 0.42, bx = 3 * (0.58 - 0.42) - cx, ax = 1 - cx - bx;
    const double cy = 0, by = 3 * (1 - 0) - cy, ay = 1 - cy - by;
    double s = x;
    for (int i = 0; i < 8; i++) {
        double err = ((ax * s + bx) * s + cx) * s - x;
        if (fabs(err) < 1e-12) goto done;
        double d = (3 * ax * s + 2 * bx) * s + cx;
        if (fabs(d) < 1e-9) break;
        s -= err / d;
    }
    { double lo = 0, hi = 1; s = x;
      for (int i = 0; i < 200; i++) { double err = ((ax * s + bx) * s + cx) * s - x; if (fabs(err) < 1e-12) break;
        if (err < 0) lo = s; else hi = s; s = (lo + hi) / 2; } }
done:
    return ((ay * s + by) * s + cy) * s;
}

static void hex(char *out, double r, double g, double b) {
    sprintf(out, "#%02X%02X%02X", (int)lround(r * 255), (int)lround(g * 255), (int)lround(b * 255));
}

static void put32(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }

static void chunk(FILE *f, const char *type, const uint8_t *body, size_t n) {
    uint8_t len[4], crc[4];
    put32(len, (uint32_t)n);
    fwrite(len, 1, 4, f);
    uint8_t *tb = malloc(n + 4);
    memcpy(tb, type, 4); if (n) memcpy(tb + 4, body, n);
    fwrite(tb, 1, n + 4, f);
    put32(crc, libdeflate_crc32(0, tb, n + 4));
    fwrite(crc, 1, 4, f);
    free(tb);
}

/* The floor's PNG: RGB rows when every pixel is opaque, else straight-alpha RGBA; filter None;
 * one libdeflate level 1 call for the whole frame. Returns the PNG's size; writes it if `path`. */
static size_t write_png(cairo_surface_t *surface, const char *path, struct libdeflate_compressor *c) {
    int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    const uint8_t *data = cairo_image_surface_get_data(surface);
    int opaque = 1;
    for (int y = 0; y < h && opaque; y++) {
        const uint32_t *src = (const uint32_t *)(data + (size_t)y * stride);
        for (int x = 0; x < w; x++) if ((src[x] >> 24) != 0xFF) { opaque = 0; break; }
    }
    int channels = opaque ? 3 : 4;
    size_t rowBytes = (size_t)w * channels, total = (rowBytes + 1) * h;
    uint8_t *rows = malloc(total);
    for (int y = 0; y < h; y++) {
        const uint32_t *src = (const uint32_t *)(data + (size_t)y * stride);
        uint8_t *dst = rows + (size_t)y * (rowBytes + 1);
        dst[0] = 0;
        dst++;
        if (opaque) {
            for (int x = 0; x < w; x++) { dst[x*3] = src[x] >> 16; dst[x*3+1] = src[x] >> 8; dst[x*3+2] = src[x]; }
        } else {
            for (int x = 0; x < w; x++) {
                uint32_t a = src[x] >> 24, r = (src[x] >> 16) & 0xFF, g = (src[x] >> 8) & 0xFF, b = src[x] & 0xFF;
                if (a != 0 && a != 0xFF) {
                    r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a;
                    if (r > 255) r = 255;
                    if (g > 255) g = 255;
                    if (b > 255) b = 255;
                }
                dst[x*4] = r; dst[x*4+1] = g; dst[x*4+2] = b; dst[x*4+3] = a;
            }
        }
    }
    size_t bound = libdeflate_zlib_compress_bound(c, total);
    uint8_t *z = malloc(bound);
    size_t zn = libdeflate_zlib_compress(c, rows, total, z, bound);
    uint8_t ihdr[13]; put32(ihdr, w); put32(ihdr + 4, h); ihdr[8] = 8; ihdr[9] = opaque ? 2 : 6; ihdr[10] = ihdr[11] = ihdr[12] = 0;
    uint8_t *idat = malloc(zn + 4); memcpy(idat, "IDAT", 4); memcpy(idat + 4, z, zn);
    volatile uint32_t crc = libdeflate_crc32(0, idat, zn + 4); (void)crc;
    if (path) {
        char tmp[4096]; snprintf(tmp, sizeof tmp, "%s.tmp", path);
        FILE *f = fopen(tmp, "wb");
        static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
        fwrite(sig, 1, 8, f);
        chunk(f, "IHDR", ihdr, 13); chunk(f, "IDAT", z, zn); chunk(f, "IEND", NULL, 0);
        fclose(f); rename(tmp, path);
    }
    free(rows); free(z); free(idat);
    return 8 + 25 + zn + 12 + 12;
}

/* A scene's encode-only floor: every frame in `dir` decoded first, then encoded as the floor does. */
static int encode_folder(const char *dir) {
    char pattern[4096]; snprintf(pattern, sizeof pattern, "%s/frame_*.png", dir);
    glob_t found;
    if (glob(pattern, 0, NULL, &found) != 0) { fprintf(stderr, "no frames in %s\n", dir); return 66; }
    cairo_surface_t **frames = malloc(sizeof *frames * found.gl_pathc);
    for (size_t i = 0; i < found.gl_pathc; i++) frames[i] = cairo_image_surface_create_from_png(found.gl_pathv[i]);
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(1);
    struct timespec t0, t1;
    size_t bytes = 0;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (size_t i = 0; i < found.gl_pathc; i++) bytes += write_png(frames[i], NULL, c);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    printf("%.6f %zu %zu\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9, bytes, found.gl_pathc);
    return 0;
}

static void rounded(cairo_t *cr, double w, double h, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, w - r, r, r, -M_PI / 2, 0); cairo_arc(cr, w - r, h - r, r, 0, M_PI / 2);
    cairo_arc(cr, r, h - r, r, M_PI / 2, M_PI); cairo_arc(cr, r, r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

static void hexColor(cairo_t *cr, unsigned rgb) {
    cairo_set_source_rgb(cr, ((rgb >> 16) & 0xFF) / 255.0, ((rgb >> 8) & 0xFF) / 255.0, (rgb & 0xFF) / 255.0);
}

static void ellipse(cairo_t *cr, double cx, double cy, double w, double h) {
    cairo_save(cr);
    cairo_translate(cr, cx, cy);
    cairo_scale(cr, w / 2, h / 2);
    cairo_new_sub_path(cr);
    cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
    cairo_restore(cr);
}

/* scenes/frog.yaml at t = 2 s: the toolbar with its bold label, and the frog (eleven shapes) half
 * way from (200, 380) to (760, 420) on easeInOut, which is 0.5 at the half. */
static int frog_frame(int width, int height, const char *path) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    hexColor(cr, 0xF3EDE2); cairo_paint(cr);
    hexColor(cr, 0xFFFFFF); cairo_rectangle(cr, 0, 0, 1024, 64); cairo_fill(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 22);
    cairo_text_extents_t extents;
    cairo_text_extents(cr, "Animate", &extents);
    hexColor(cr, 0x1E6FD9);
    cairo_move_to(cr, 512 - extents.x_advance / 2, 40);
    cairo_show_text(cr, "Animate");
    double p = ease(0.5);
    cairo_translate(cr, 200 + 560 * p - 64, 380 + 40 * p - 64);
    hexColor(cr, 0x4C9130); ellipse(cr, 22, 112, 44, 26); cairo_fill(cr); ellipse(cr, 106, 112, 44, 26); cairo_fill(cr);
    hexColor(cr, 0x5DAA3A); ellipse(cr, 64, 78, 118, 92); cairo_fill_preserve(cr);
    hexColor(cr, 0x3B7A22); cairo_set_line_width(cr, 3); cairo_stroke(cr);
    hexColor(cr, 0xA8D672); ellipse(cr, 64, 92, 70, 44); cairo_fill(cr);
    hexColor(cr, 0x2E5E1E); cairo_save(cr); cairo_translate(cr, 41, 67.5); rounded(cr, 46, 5, 2.5); cairo_restore(cr); cairo_fill(cr);
    hexColor(cr, 0x5DAA3A); ellipse(cr, 38, 36, 40, 40); cairo_fill(cr); ellipse(cr, 90, 36, 40, 40); cairo_fill(cr);
    hexColor(cr, 0xFFFFFF); ellipse(cr, 38, 34, 28, 28); cairo_fill(cr); ellipse(cr, 90, 34, 28, 28); cairo_fill(cr);
    hexColor(cr, 0x1A1A1A); ellipse(cr, 40, 35, 12, 12); cairo_fill(cr); ellipse(cr, 92, 35, 12, 12); cairo_fill(cr);
    cairo_surface_flush(surface);
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(1);
    write_png(surface, path, c);
    return 0;
}

/* The CPU seconds of a command, as /usr/bin/time's %U and %S would give them uncut: time(1)
 * prints each to a hundredth, and a hundredth is about 3 % of a scene's render. */
static int cpu_seconds(char **command) {
    pid_t child = fork();
    if (child < 0) return 71;
    if (child == 0) { execvp(command[0], command); _exit(127); }
    int status = 0;
    struct rusage usage;
    if (wait4(child, &status, 0, &usage) < 0) return 71;
    fprintf(stderr, "%.6f\n", usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 70;
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "cpu") == 0) return cpu_seconds(argv + 2);
    if (argc == 3 && strcmp(argv[1], "encode") == 0) return encode_folder(argv[2]);
    if (argc == 5 && strcmp(argv[1], "frog") == 0) return frog_frame(atoi(argv[2]), atoi(argv[3]), argv[4]);
    if (argc < 6) { fprintf(stderr, "usage: reference scene|render RECTS WIDTH HEIGHT FRAMES [DIR JOBS [cairo-png]] | encode DIR | cpu COMMAND [ARGS...] | frog WIDTH HEIGHT PATH\n"); return 64; }
    int n = atoi(argv[2]), width = atoi(argv[3]), height = atoi(argv[4]), frames = atoi(argv[5]);
    double duration = (frames - 1) / 60.0;
    Shape *rects = malloc(sizeof(Shape) * n), circles[CIRCLES];
    make_shapes(rects, n, width, height);
    make_shapes(circles, CIRCLES, width, height);
    if (strcmp(argv[1], "scene") == 0) {
        char c[8];
        printf("version: 1\ncanvas: { size: [%d, %d], background: \"#FFFFFF\" }\nrender: { fps: 60, duration: %.17g }\nlayers:\n", width, height, duration);
        for (int i = 0; i < n; i++) { hex(c, rects[i].r, rects[i].g, rects[i].b);
            printf("  - { id: r%d, shape: rect, position: [%.17g, %.17g], size: [60, 60], cornerRadius: 12, opacity: 0.8, fill: \"%s\" }\n", i, rects[i].x0, rects[i].y0, c); }
        for (int i = 0; i < CIRCLES; i++) { hex(c, circles[i].r, circles[i].g, circles[i].b);
            printf("  - { id: c%d, shape: ellipse, position: [%.17g, %.17g], size: [40, 40], fill: \"%s\" }\n", i, circles[i].x0, circles[i].y0, c); }
        printf("animators:\n  - id: move\n    duration: %.17g\n    timing: easeInOut\n    animations:\n      - set:\n", duration);
        for (int i = 0; i < n; i++) printf("          r%d.position: [%.17g, %.17g]\n          r%d.rotation: %.17g\n", i, rects[i].x1, rects[i].y1, i, rects[i].turn);
        for (int i = 0; i < CIRCLES; i++) printf("          c%d.opacity: 0\n", i);
        printf("script:\n  - { at: 0, start: move }\n");
        return 0;
    }
    if (argc < 8) return 64;
    const char *dir = argv[6];
    int jobs = atoi(argv[7]), cairoPNG = argc > 8 && strcmp(argv[8], "cairo-png") == 0;
    for (int job = 0; job < jobs; job++) {
        if (fork() == 0) {
            struct libdeflate_compressor *c = libdeflate_alloc_compressor(1);
            cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
            cairo_t *cr = cairo_create(surface);
            int first = frames * job / jobs, last = frames * (job + 1) / jobs;
            for (int f = first; f < last; f++) {
                double p = ease((f / 60.0) / duration);
                cairo_identity_matrix(cr);
                cairo_set_source_rgb(cr, 1, 1, 1); cairo_paint(cr);
                for (int i = 0; i < n; i++) {
                    Shape *s = &rects[i];
                    cairo_save(cr);
                    cairo_translate(cr, s->x0 + (s->x1 - s->x0) * p, s->y0 + (s->y1 - s->y0) * p);
                    cairo_rotate(cr, s->turn * p);
                    cairo_translate(cr, -30, -30);
                    rounded(cr, 60, 60, 12);
                    cairo_set_source_rgba(cr, s->r, s->g, s->b, 0.8);
                    cairo_fill(cr);
                    cairo_restore(cr);
                }
                for (int i = 0; i < CIRCLES; i++) {
                    Shape *s = &circles[i];
                    cairo_save(cr);
                    cairo_translate(cr, s->x0, s->y0);
                    cairo_new_sub_path(cr); cairo_arc(cr, 0, 0, 20, 0, 2 * M_PI);
                    cairo_set_source_rgba(cr, s->r, s->g, s->b, 1 - p);
                    cairo_fill(cr);
                    cairo_restore(cr);
                }
                cairo_surface_flush(surface);
                char path[4096]; snprintf(path, sizeof path, "%s/frame_%05d.png", dir, f);
                if (cairoPNG) cairo_surface_write_to_png(surface, path); else write_png(surface, path, c);
            }
            _exit(0);
        }
    }
    int status, failed = 0;
    while (wait(&status) > 0) if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) failed = 1;
    return failed;
}
