notify { a: message => "x" }
ensure_resource("notify", "a", {message => "y"})
