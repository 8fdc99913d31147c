# EPP whitespace corners: -%> eats spaces then one line break; <%- eats the
# spaces and tabs before it; comments trim on both sides; Sensitive stays
# redacted; values render as strings do in interpolation.
notice(inline_epp("a \t<%- \$x = 1 %>|"))
notice(inline_epp("<% \$x = 1 -%>   \n\nb"))
notice(inline_epp("<% \$x = 1 -%>   c"))
notice(inline_epp("t\r\n<% \$x = 1 -%>\r\nu"))
notice(inline_epp("x <%#- c -%> y"))
notice(inline_epp("<%= Sensitive('secret') %>|<%= 1.5 %>|<%= default %>|<%= Integer[1, 2] %>|<%= /re/ %>"))
notice(inline_epp("<%- | \$a | -%>\n<%= \$a %>", { 'a' => [1, { 'b' => undef }] }))
