datacat { '/tmp/x': template_body => '<%= @data.keys.sort.join(",") %>' }
datacat_fragment { 'f': target => '/tmp/x', data => { 'k' => 'v' } }
