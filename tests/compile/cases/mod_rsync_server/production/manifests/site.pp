include rsync::server
rsync::server::module { 'repo': path => '/srv/repo' }
