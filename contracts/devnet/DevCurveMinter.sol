// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IDevCurveMintedGauge {
    function user_checkpoint(address addr) external returns (bool);
    function integrate_fraction(address addr) external view returns (uint256);
}

interface IDevCurveCrv {
    function transfer(address to, uint256 value) external returns (bool);
}

/// @title DevCurveMinter
/// @notice OUR implementation, in Solidity, of the public interface of Curve's CRV Minter (mainnet
///         0xd061D61a4d941c39E5453435B6345Dc261C2fcE0), for the devnet: `mint(gauge)`, `mint_many(gauges)`,
///         `mint_for(gauge, for)` with `toggle_approve_mint`/`allowed_to_mint_for`, `minted(user, gauge)`,
///         `token()`, and the `Minted` event. A gauge's CRV is what it reports in `integrate_fraction` after a
///         `user_checkpoint`, less what was already minted. Two differences, said so: the devnet's CRV is a
///         plain token this contract cannot mint, so CRV is paid from a balance the devnet funds; and gauges
///         are listed by the admin here (Curve asks its GaugeController), so no contract that merely claims to
///         be a gauge can draw on that balance.
contract DevCurveMinter {
    event Minted(address indexed recipient, address gauge, uint256 minted);

    address public immutable token;
    address public immutable admin;
    mapping(address => bool) public is_gauge;
    mapping(address => mapping(address => uint256)) public minted;
    mapping(address => mapping(address => bool)) public allowed_to_mint_for;

    bool private locked;

    modifier nonReentrant() {
        require(!locked);
        locked = true;
        _;
        locked = false;
    }

    constructor(address _token, address _admin) {
        token = _token;
        admin = _admin;
    }

    function add_gauge(address gauge) external {
        require(msg.sender == admin);
        is_gauge[gauge] = true;
    }

    function _mint_for(address gauge, address _for) private {
        require(is_gauge[gauge]); // dev: gauge is not added
        IDevCurveMintedGauge(gauge).user_checkpoint(_for);
        uint256 total_mint = IDevCurveMintedGauge(gauge).integrate_fraction(_for);
        uint256 to_mint = total_mint - minted[_for][gauge];
        if (to_mint != 0) {
            minted[_for][gauge] = total_mint;
            require(IDevCurveCrv(token).transfer(_for, to_mint));
            emit Minted(_for, gauge, total_mint);
        }
    }

    function mint(address gauge_addr) external nonReentrant {
        _mint_for(gauge_addr, msg.sender);
    }

    function mint_many(address[8] calldata gauge_addrs) external nonReentrant {
        for (uint256 i = 0; i < 8; i++) {
            if (gauge_addrs[i] == address(0)) break;
            _mint_for(gauge_addrs[i], msg.sender);
        }
    }

    function mint_for(address gauge_addr, address _for) external nonReentrant {
        if (allowed_to_mint_for[msg.sender][_for]) _mint_for(gauge_addr, _for);
    }

    function toggle_approve_mint(address minting_user) external {
        allowed_to_mint_for[minting_user][msg.sender] = !allowed_to_mint_for[minting_user][msg.sender];
    }
}
