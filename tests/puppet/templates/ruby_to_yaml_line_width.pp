# to_yaml refuses a negative line_width other than -1 with Psych's ArgumentError.
notice(inline_template('<%= begin; [1].to_yaml(line_width: -5); rescue ArgumentError => e; e.message; end %>'))
