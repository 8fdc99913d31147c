# scope.to_hash leaves out variables that are undef, as Puppet's Scope#to_hash does.
$a = undef
$b = 1
notice(inline_template('<%= [scope.to_hash.has_key?("a"), scope.to_hash.has_key?("b")].inspect %>'))
class k($p = undef) { notice(inline_template('<%= scope.to_hash.has_key?("p") %>')) }
include k
