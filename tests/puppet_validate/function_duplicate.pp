function f() {}
function f() {}
