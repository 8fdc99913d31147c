# Ruby outside the interpreted subset: Puppet runs it; confer must fail, located.
notice(inline_template("<% def f; 1; end %>"))
