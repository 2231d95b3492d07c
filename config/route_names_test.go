package config

import (
	"strings"
	"testing"
)

// TestRouteNames: several names of one instruction match together (an
// exact name beats a pattern of another), the unit class routes what no
// key matches, and latency overrides written with a target's own spelling
// apply.
func TestRouteNames(t *testing.T) {
	m, err := Load("gfx1100", []string{`latency."s_load_b32"=77`, `initiation."v_add_nc_u32"=3`})
	if err != nil {
		t.Fatal(err)
	}
	unit := func(r Route) string { return m.Units[r.Unit].Name }
	r, ok := m.RouteNames([]string{"s_load_dword", "s_load_b32"}, "smem")
	if !ok || unit(r) != "smem" || r.Latency != 77 {
		t.Errorf("s_load_dword/s_load_b32: %+v %v, want smem with latency 77", r, ok)
	}
	r, ok = m.RouteNames([]string{"s_load_dword"}, "smem")
	if !ok || r.Latency == 77 {
		t.Errorf("s_load_dword alone: %+v %v, want the unit's latency", r, ok)
	}
	r, ok = m.RouteNames([]string{"v_add_u32", "v_add_nc_u32"}, "valu")
	if !ok || unit(r) != "valu" || r.Initiation != 3 {
		t.Errorf("v_add_u32/v_add_nc_u32: %+v %v, want valu with initiation 3", r, ok)
	}
	// No [opcodes] key matches "x_new": its class routes it.
	r, ok = m.RouteNames([]string{"x_new"}, "lds")
	if !ok || unit(r) != "lds" || r.Rule != "unit lds" {
		t.Errorf("x_new (class lds): %+v %v", r, ok)
	}
	if _, ok := m.RouteNames([]string{"x_new"}, "nosuchunit"); ok {
		t.Error("x_new with an unknown class routed")
	}
	s, err := Load("sm_75", nil)
	if err != nil {
		t.Fatal(err)
	}
	r, ok = s.RouteNames([]string{"bmsk.b32"}, "int32")
	if !ok || s.Units[r.Unit].Name != "int32" || r.Latency != s.Units[r.Unit].Latency {
		t.Errorf("bmsk.b32 (class int32) on sm_75: %+v %v", r, ok)
	}
	_, err = s.RoutesFor(2, func(i int) ([]string, string) {
		return []string{[]string{"fma.f32", "v_add_f32"}[i]}, []string{"fp32", "valu"}[i]
	})
	want := `no [opcodes] entry matches "v_add_f32" (class "valu"), no unit is named for the class, and there is no "default" entry`
	if err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("RoutesFor error = %v, want ...%s", err, want)
	}
}
