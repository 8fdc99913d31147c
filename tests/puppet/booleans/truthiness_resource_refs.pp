if File['/no/such/file'] { notice('File ref is true') } else { notice('File ref is false') }
if File['a', 'b'] { notice('multi-title ref is true') }
if File { notice('bare File type is true') }
if Notify['never-declared'] { notice('ref to undeclared resource is true') }
