// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title DevCurveTokenV2
/// @notice OUR implementation, in Solidity, of the interface of Curve's LP token (CurveTokenV2, the 3Crv
///         contract at 0x6c3F90f043a72FA612cbac8115EE7e52BDe6E490), for the devnet: no Vyper compiler is
///         available here, so Curve's own bytecode cannot be built. Same external functions and events:
///         ERC-20 with 18 decimals whose `transfer`/`transferFrom`/`approve` return true, `approve` refusing
///         a change from one non-zero allowance to another (as Curve's token does), and `mint`/`burnFrom`
///         callable only by the minter (the pool), `set_minter` and `set_name` only by the deployer.
contract DevCurveTokenV2 {
    string public name;
    string public symbol;
    uint256 public constant decimals = 18;
    uint256 public totalSupply;
    address public minter;
    address private immutable _admin;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) private _allowances;

    event Transfer(address indexed _from, address indexed _to, uint256 _value);
    event Approval(address indexed _owner, address indexed _spender, uint256 _value);

    constructor(string memory _name, string memory _symbol) {
        name = _name;
        symbol = _symbol;
        minter = msg.sender;
        _admin = msg.sender;
        emit Transfer(address(0), msg.sender, 0);
    }

    function set_minter(address _minter) external {
        require(msg.sender == minter || msg.sender == _admin);
        minter = _minter;
    }

    function set_name(string calldata _name, string calldata _symbol) external {
        require(msg.sender == _admin);
        name = _name;
        symbol = _symbol;
    }

    function allowance(address _owner, address _spender) external view returns (uint256) {
        return _allowances[_owner][_spender];
    }

    function transfer(address _to, uint256 _value) external returns (bool) {
        _transfer(msg.sender, _to, _value);
        return true;
    }

    function transferFrom(address _from, address _to, uint256 _value) external returns (bool) {
        uint256 allowed = _allowances[_from][msg.sender];
        if (allowed != type(uint256).max) _allowances[_from][msg.sender] = allowed - _value;
        _transfer(_from, _to, _value);
        return true;
    }

    function approve(address _spender, uint256 _value) external returns (bool) {
        // Curve's token guards against the approve race: a non-zero allowance must be reset to zero first.
        require(_value == 0 || _allowances[msg.sender][_spender] == 0);
        _allowances[msg.sender][_spender] = _value;
        emit Approval(msg.sender, _spender, _value);
        return true;
    }

    function mint(address _to, uint256 _value) external returns (bool) {
        require(msg.sender == minter);
        require(_to != address(0));
        totalSupply += _value;
        balanceOf[_to] += _value;
        emit Transfer(address(0), _to, _value);
        return true;
    }

    function burnFrom(address _to, uint256 _value) external returns (bool) {
        require(msg.sender == minter);
        require(_to != address(0));
        totalSupply -= _value;
        balanceOf[_to] -= _value;
        emit Transfer(_to, address(0), _value);
        return true;
    }

    function _transfer(address _from, address _to, uint256 _value) private {
        balanceOf[_from] -= _value;
        balanceOf[_to] += _value;
        emit Transfer(_from, _to, _value);
    }
}
