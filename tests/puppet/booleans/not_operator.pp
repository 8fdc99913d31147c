notice(!true, !false, !undef, !'', ![], !0)
