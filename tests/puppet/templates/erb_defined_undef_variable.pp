class c ($p = undef, $q = 1) {
  notice(inline_template('<%= defined?(@p).inspect %>|<%= defined?(@q).inspect %>|<%= defined?(@r).inspect %>|<%= @p.inspect %>'))
}
include c
