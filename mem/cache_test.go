package mem

import (
	"reflect"
	"strings"
	"testing"
)

// TestCacheScript runs testdata/cache.txt (its header explains the format).
func TestCacheScript(t *testing.T) {
	var c *Cache
	var last ReadResult
	for _, l := range readCases(t, "testdata/cache.txt") {
		want := keyValues(t, l.pos, l.want)
		num := func(i int) uint64 {
			if i >= len(l.in) {
				t.Fatalf("%s: missing operand %d", l.pos, i)
			}
			return mustU(t, l.pos, l.in[i])
		}
		check := func(key string, got uint64) {
			if w, ok := want[key]; ok {
				if mustU(t, l.pos, w) != got {
					t.Errorf("%s: %s = %#x, want %s", l.pos, key, got, w)
				}
				delete(want, key)
			}
		}
		checkEvict := func(ev Eviction) {
			w, ok := want["evict"]
			if !ok {
				return
			}
			delete(want, "evict")
			if w == "-" {
				if ev.Dirty != 0 {
					t.Errorf("%s: evicted %#x:%#x, want nothing", l.pos, ev.Addr, ev.Dirty)
				}
				return
			}
			a, d, _ := strings.Cut(w, ":")
			if ev.Addr != mustU(t, l.pos, a) || ev.Dirty != uint32(mustU(t, l.pos, d)) {
				t.Errorf("%s: evicted %#x:%#x, want %s", l.pos, ev.Addr, ev.Dirty, w)
			}
		}
		if l.in[0] != "config" && c == nil {
			t.Fatalf("%s: no config yet", l.pos)
		}
		switch l.in[0] {
		case "config":
			pol := l.in[5]
			cfg := CacheConfig{Size: int(num(1)), Line: int(num(2)), Sector: int(num(3)), Assoc: int(num(4)),
				WriteBack: strings.HasPrefix(pol, "wb"), WriteAllocate: strings.HasSuffix(pol, "-wa")}
			var err error
			if c, err = NewCache(cfg); err != nil {
				t.Fatalf("%s: %v", l.pos, err)
			}
		case "R":
			last = c.Read(num(1), uint32(num(2)), Cycle(num(3)))
			check("hit", uint64(last.Hit))
			check("miss", uint64(last.Miss))
			check("ready", uint64(last.Ready))
			check("way", uint64(last.Way))
			checkEvict(last.Evict)
		case "F":
			c.SetReady(last.Way, uint32(num(1)), Cycle(num(2)))
		case "W":
			r := c.Write(num(1), uint32(num(2)), Cycle(num(3)))
			check("fwd", uint64(r.Forward))
			checkEvict(r.Evict)
		case "I":
			check("dirty", uint64(c.Invalidate(num(1), uint32(num(2)))))
		case "stats":
			st := reflect.ValueOf(c.Stats())
			for _, f := range l.in[1:] {
				k, v, _ := strings.Cut(f, "=")
				fv := st.FieldByName(k)
				if !fv.IsValid() {
					t.Fatalf("%s: CacheStats has no field %s", l.pos, k)
				}
				if fv.Uint() != mustU(t, l.pos, v) {
					t.Errorf("%s: %s = %d, want %s", l.pos, k, fv.Uint(), v)
				}
			}
		default:
			t.Fatalf("%s: unknown operation %q", l.pos, l.in[0])
		}
		for k := range want {
			t.Errorf("%s: expectation %s not checked by %s", l.pos, k, l.in[0])
		}
	}
}

func TestCacheFlushAndInvalidateAll(t *testing.T) {
	c, err := NewCache(CacheConfig{Size: 1024, Line: 128, Sector: 32, Assoc: 2, WriteBack: true, WriteAllocate: true})
	if err != nil {
		t.Fatal(err)
	}
	c.Write(0x000, 0x3, 0)
	c.Read(0x100, 0x1, 0)
	c.Write(0x300, 0x8, 0)
	got := c.Flush(nil)
	want := []Eviction{{Addr: 0x000, Dirty: 0x3}, {Addr: 0x300, Dirty: 0x8}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Flush = %+v, want %+v", got, want)
	}
	if again := c.Flush(nil); len(again) != 0 {
		t.Errorf("second Flush = %+v, want nothing", again)
	}
	if r := c.Read(0x000, 0x3, 1); r.Hit != 0x3 {
		t.Errorf("flushed line lost: %+v", r)
	}
	c.InvalidateAll()
	if r := c.Read(0x000, 0x1, 2); r.Hit != 0 {
		t.Errorf("line survived InvalidateAll: %+v", r)
	}
	if st := c.Stats(); st.Invalidations != 4 {
		t.Errorf("Invalidations = %d, want 4 (sectors 0,1 of 0x000, 0 of 0x100, 3 of 0x300)", st.Invalidations)
	}
}

func TestCacheConfigErrors(t *testing.T) {
	good := CacheConfig{Size: 32768, Line: 128, Sector: 32, Assoc: 64, Latency: 32}
	if err := good.Validate("l1"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mod   func(*CacheConfig)
		field string
	}{
		{func(c *CacheConfig) { c.Line = 0 }, "l1.line"},
		{func(c *CacheConfig) { c.Line = 96 }, "l1.line"},
		{func(c *CacheConfig) { c.Sector = 0 }, "l1.sector"},
		{func(c *CacheConfig) { c.Sector = 24 }, "l1.sector"},
		{func(c *CacheConfig) { c.Sector = 256 }, "l1.sector"},
		{func(c *CacheConfig) { c.Sector = 2 }, "l1.sector"},
		{func(c *CacheConfig) { c.Assoc = 0 }, "l1.assoc"},
		{func(c *CacheConfig) { c.Size = 0 }, "l1.size"},
		{func(c *CacheConfig) { c.Size = 1000 }, "l1.size"},
		{func(c *CacheConfig) { c.Latency = -1 }, "l1.latency"},
	} {
		cfg := good
		c.mod(&cfg)
		err := cfg.Validate("l1")
		if err == nil || !strings.Contains(err.Error(), c.field+":") {
			t.Errorf("%+v: error %v, want one naming %s", cfg, err, c.field)
		}
		if _, err := NewCache(cfg); err == nil {
			t.Errorf("NewCache(%+v) accepted", cfg)
		}
	}
	// A non-power-of-two set count is fine (the sm_75 L2 has 1536 sets).
	l2 := CacheConfig{Size: 3 << 20, Line: 128, Sector: 32, Assoc: 16, Latency: 188}
	if err := l2.Validate("l2"); err != nil || l2.Sets() != 1536 {
		t.Errorf("sm_75 L2: %v, %d sets", err, l2.Sets())
	}
}

func BenchmarkCacheRead(b *testing.B) {
	c, err := NewCache(CacheConfig{Size: 32768, Line: 128, Sector: 32, Assoc: 64, Latency: 32})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var i uint64
	for b.Loop() {
		c.Read((i%512)*128, 0xf, Cycle(i))
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lookups/s")
}
