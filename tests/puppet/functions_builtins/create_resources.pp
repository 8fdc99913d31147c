create_resources(notify, {a => {message => "one"}, b => {}}, {message => "default"})
create_resources("@notify", {v => {}})
realize(Notify[v])
