@class { 'c': }
