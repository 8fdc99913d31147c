# A bare Optional accepts any value of a class's, defined type's or
# template's parameter (Puppet checks those by assignability).
class c(Optional $p) { notice($p) }
class { 'c': p => 'x' }
define d(Optional $q) { notice($q) }
d { 't': q => [1] }
$t = @(E)
<%- | Optional $logfile = undef | -%>
<%= $logfile %>
|E
notice(inline_epp($t, { 'logfile' => { 'a' => 1 } }))
