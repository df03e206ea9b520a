// Package pictest checks figures as a person looks at them: it renders SVG
// (rsvg-convert, Debian's librsvg2-bin) and HTML (headless Chromium) into
// PNG images and compares them with golden images within a tolerance, so
// that a figure that reads the same passes and one that looks different
// fails. Tests that need a renderer skip, saying which, where it is absent
// (.ci/run installs both).
package pictest

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Tolerance is how far two images may differ and still match: a pixel
// differs when one of its channels (8 bits) differs by more than Channel,
// and the images match when at most Fraction of their pixels differ (and
// their sizes are equal).
type Tolerance struct {
	Channel  uint8
	Fraction float64
}

// Default tolerates anti-aliasing and font hinting, not a changed cell: a
// cell of 40 x 40 pixels is 1600 pixels, more than 0.5% of a figure of up
// to 320,000 pixels.
var Default = Tolerance{Channel: 40, Fraction: 0.005}

// Diff returns the number of pixels of a and b that differ under tol's
// channel tolerance; an error when their sizes differ.
func Diff(a, b image.Image, tol Tolerance) (int, error) {
	ra, rb := a.Bounds(), b.Bounds()
	if ra.Dx() != rb.Dx() || ra.Dy() != rb.Dy() {
		return 0, fmt.Errorf("size %dx%d, want %dx%d", ra.Dx(), ra.Dy(), rb.Dx(), rb.Dy())
	}
	far := func(x, y uint32) bool {
		d := int(x>>8) - int(y>>8)
		return d > int(tol.Channel) || -d > int(tol.Channel)
	}
	n := 0
	for y := range ra.Dy() {
		for x := range ra.Dx() {
			r1, g1, b1, a1 := a.At(ra.Min.X+x, ra.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2) {
				n++
			}
		}
	}
	return n, nil
}

// Match compares got with the golden PNG file: it fails t where more
// than tol.Fraction of the pixels differ, writing the rendered image
// beside the test's temporary files for a look. With update it writes got
// as the golden file instead.
func Match(t testing.TB, got image.Image, golden string, tol Tolerance, update bool) {
	t.Helper()
	if update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, got); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := readPNG(golden)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	n, err := Diff(got, want, tol)
	total := got.Bounds().Dx() * got.Bounds().Dy()
	if err == nil && float64(n) <= tol.Fraction*float64(total) {
		return
	}
	keep := filepath.Join(t.TempDir(), filepath.Base(golden))
	if f, ferr := os.Create(keep); ferr == nil {
		png.Encode(f, got)
		f.Close()
	}
	if err != nil {
		t.Errorf("%s: rendered image %v (see %s)", golden, err, keep)
		return
	}
	t.Errorf("%s: %d of %d pixels differ (more than %.2f%%; rendered image: %s)", golden, n, total, 100*tol.Fraction, keep)
}

// SVG renders an SVG document to an image with rsvg-convert at its own
// size; it skips t where rsvg-convert is absent.
func SVG(t testing.TB, svg string) image.Image {
	t.Helper()
	tool, err := exec.LookPath("rsvg-convert")
	if err != nil {
		t.Skip("rsvg-convert not found (Debian: apt-get install librsvg2-bin): SVG figures not rendered")
	}
	cmd := exec.Command(tool, "--format=png", "--background-color=white")
	cmd.Stdin = bytes.NewReader([]byte(svg))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("rsvg-convert: %v\n%s", err, errb.String())
	}
	img, err := png.Decode(&out)
	if err != nil {
		t.Fatalf("rsvg-convert output: %v", err)
	}
	return img
}

// HTML renders an HTML page to an image of width x height pixels (its top)
// with headless Chromium; it skips t where Chromium is absent.
func HTML(t testing.TB, page string, width, height int) image.Image {
	t.Helper()
	var tool string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			tool = p
			break
		}
	}
	if tool == "" {
		t.Skip("chromium not found (Debian: apt-get install chromium): HTML pages not rendered")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "page.html"), filepath.Join(dir, "page.png")
	if err := os.WriteFile(in, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(tool, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--force-device-scale-factor=1", "--user-data-dir="+filepath.Join(dir, "profile"),
		fmt.Sprintf("--window-size=%d,%d", width, height), "--screenshot="+out, "file://"+in)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", tool, err, msg)
	}
	img, err := readPNG(out)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}
